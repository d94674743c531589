package org.isocloth.jme.lemur;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.isocloth.jme.ClothStats;
import org.junit.jupiter.api.Test;

/** The panel's statistics lines: numbers as {@code ClothParameter.formatNumber} writes them. */
class StatsLinesTest {
    @Test
    void statsLinesShowPercentAndState() {
        List<String> l = ClothPanelState.statsLines(
                new ClothStats(90, 1.5, 12.34, 4.2, 0.0008, 0.0135, 3, true, 0), false, 2.05, 17);
        assertEquals("Step: 12.3 ms, 4.2 iterations", l.get(0));
        assertEquals("Strain: red 0.08 %, max 1.35 %", l.get(1));
        assertEquals("Contacts 3, steps 90, t = 1.5 s", l.get(2));
        assertEquals("Failures 0, converged", l.get(3));
        assertEquals("Behind: dropped 2.05 s, 17 busy frames", l.get(4));
        List<String> none = ClothPanelState.statsLines(ClothStats.NONE, true, 0, 0);
        assertEquals("Step: - ms, 0 iterations", none.get(0));
        assertEquals("Failures 0, SUSPENDED - press Reset", none.get(3));
    }

}
