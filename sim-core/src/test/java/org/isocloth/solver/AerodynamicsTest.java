package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.isocloth.InputException;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.Aerodynamics;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestShape;
import org.junit.jupiter.api.Test;

/** The per-triangle air forces ({@link Aerodynamics}) against what they must do. */
class AerodynamicsTest {
    private static final double G = 9.81;
    /** A flag's fabric: 0.12 kg/m², 10⁻⁵ N·m, no linear drag (the air forces replace it). */
    private static final ClothMaterial FLAG = new ClothMaterial(0.12, 1e-5, RestShape.FLAT, 1e-3, 0, 0);

    private static ClothSolver solver(TriMesh mesh, ClothMaterial material) {
        ClothSolver s = new ClothSolver("air", new ClothModel(mesh.positions, mesh.triangles, material),
                new SolverSettings(Integrator.BACKWARD_EULER, 20));
        s.setGravity(new double[] {0, -G, 0});
        return s;
    }

    /** Mean velocity of the free nodes. */
    private static double[] meanVelocity(ClothSolver s) {
        double[] v = s.velocities();
        double[] m = new double[3];
        int n = v.length / 3;
        for (int p = 0; p < n; p++) {
            for (int c = 0; c < 3; c++) {
                m[c] += v[3 * p + c] / n;
            }
        }
        return m;
    }

    @Test
    void aFlatSheetFallsAtThePlatesTerminalSpeed() {
        // A horizontal sheet falling face-on in still air: its weight ρ g A against the pressure
        // drag ½ ρ_air C_n A v² gives the terminal speed v_t = √(2 ρ g / (ρ_air C_n)); with
        // ρ = 0.12 kg/m², ρ_air = 1.2 kg/m³, C_n = 1.2: √(2·0.12·9.81/1.44) = 1.2787 m/s. The
        // forces are taken at the start of each step, so the fall settles where they balance
        // exactly; the sheet stays flat and level by symmetry. After 2 s (about 30 time constants
        // v_t/g) the speed is v_t to 10⁻⁴.
        ClothSolver s = solver(GridMesh.build(0.2, 0.2, 4, 4, new double[] {0, 10, 0}, new double[] {0, 1, 0},
                new double[] {1, 0, 0}), FLAG);
        s.setAerodynamics(new Aerodynamics(1.2, 1.2, 0.02, 0, 0, 1));
        for (int k = 0; k < 120; k++) {
            assertTrue(s.step(1.0 / 60).converged());
        }
        double expected = Math.sqrt(2 * 0.12 * G / (1.2 * 1.2));
        double[] v = meanVelocity(s);
        assertEquals(-expected, v[1], 1e-4 * expected);
        assertEquals(0, v[0], 1e-9);
        assertEquals(0, v[2], 1e-9);
    }

    @Test
    void aLightSheetReachesTheWindWithoutOvershootingIt() {
        // A sheet of 1 g/m² facing a 50 m/s wind, without gravity: the pressure on it, ½ ρ_air C_n
        // v², accelerates it at 1.5·10⁶ m/s², so unlimited the first step alone would carry it to
        // 25 km/s. The impulse of a step is limited to what cancels the relative velocity: it
        // reaches the wind's speed and never exceeds it (a 10⁻⁹ relative margin for rounding).
        ClothSolver s = solver(GridMesh.build(0.2, 0.2, 4, 4, new double[] {0, 1, 0}, new double[] {1, 0, 0},
                new double[] {0, 0, 1}), new ClothMaterial(0.001, 1e-7, RestShape.FLAT, 1e-3, 0, 0));
        s.setGravity(new double[3]);
        s.setWind(new double[] {50, 0, 0});
        s.setAerodynamics(new Aerodynamics(1.2, 1.2, 0.02, 0, 0, 1));
        double fastest = 0;
        for (int k = 0; k < 30; k++) {
            assertTrue(s.step(1.0 / 60).converged());
            for (double vx : everyX(s.velocities())) {
                fastest = Math.max(fastest, vx);
            }
        }
        assertTrue(fastest <= 50 * (1 + 1e-9), "fastest node " + fastest + " m/s");
        assertEquals(50, meanVelocity(s)[0], 1e-6);
    }

    private static double[] everyX(double[] v) {
        double[] x = new double[v.length / 3];
        for (int p = 0; p < x.length; p++) {
            x[p] = v[3 * p];
        }
        return x;
    }

    /** A 0.75 × 0.5 m flag of 24 × 16 cells in the plane z = 0, pinned along its edge x = 0, in wind along +x. */
    private static ClothSolver flag(Aerodynamics air, List<Integer> freeEdge) {
        ClothSolver s = solver(GridMesh.build(0.75, 0.5, 24, 16, new double[] {0.375, 1.5, 0},
                new double[] {0, 0, 1}, new double[] {1, 0, 0}), FLAG);
        double[] rest = s.positions();
        for (int p = 0; p < rest.length / 3; p++) {
            if (Math.abs(rest[3 * p]) < 1e-9) {
                s.setPinned(p, true);
            } else if (Math.abs(rest[3 * p] - 0.75) < 1e-9) {
                freeEdge.add(p);
            }
        }
        s.setWind(new double[] {6, 0, 0});
        s.setAerodynamics(air);
        return s;
    }

    @Test
    void aFlagInSteadyWindFlaps() {
        // A flag in 6 m/s of steady wind for 3 s, with the default air forces
        // (turbulence of 30 % in waves of 2 m). From the first second on, sampled every 0.5 s:
        // its free edge moves at least 5 cm RMS from one sample to the next (measured 21–33 cm),
        // and the flag is not a plane: its nodes lie at least 3 cm RMS from their best-fit plane
        // (measured 3.8–6.1 cm). Every step keeps the red edges within the 10⁻³ tolerance.
        List<Integer> edge = new ArrayList<>();
        ClothSolver s = flag(Aerodynamics.DEFAULT, edge);
        List<double[]> samples = new ArrayList<>();
        for (int k = 1; k <= 180; k++) {
            StepResult r = s.step(1.0 / 60);
            assertTrue(r.redStrain() <= 1e-3, "step " + k + ": " + r);
            if (k >= 60 && k % 30 == 0) {
                samples.add(s.positions().clone());
            }
        }
        for (int i = 0; i < samples.size(); i++) {
            assertTrue(offPlane(samples.get(i)) >= 0.03, "sample " + i + ": " + offPlane(samples.get(i)) + " m off its plane");
            if (i > 0) {
                double sum = 0;
                for (int p : edge) {
                    for (int c = 0; c < 3; c++) {
                        double d = samples.get(i)[3 * p + c] - samples.get(i - 1)[3 * p + c];
                        sum += d * d;
                    }
                }
                double rms = Math.sqrt(sum / edge.size());
                assertTrue(rms >= 0.05, "the free edge moved " + rms + " m RMS between samples " + (i - 1) + " and " + i);
            }
        }
    }

    @Test
    void withoutTurbulenceAFlagAlongTheWindStaysInItsPlane() {
        // Wind along the flag's own plane meets no triangle face-on: the pressure drag and the lift
        // are zero, and skin friction and gravity act in the plane z = 0, so nothing pushes the flag
        // out of it (it streams and sags within it).
        List<Integer> edge = new ArrayList<>();
        ClothSolver s = flag(new Aerodynamics(1.2, 1.2, 0.02, 0.5, 0, 2), edge);
        for (int k = 0; k < 60; k++) {
            s.step(1.0 / 60);
        }
        double[] x = s.positions();
        for (int p = 0; p < x.length / 3; p++) {
            assertEquals(0, x[3 * p + 2], 1e-12, "node " + p);
        }
    }

    @Test
    void aShelteredClothFeelsNoAirForces() throws Exception {
        // Two 0.3 m sheets (6 × 6 cells) hang side by side from their top edges, across a 6 m/s
        // wind along +x, in a scene with the default air forces; the second is sheltered
        // ("aerodynamics": false). The wind's pressure on the first, ½·1.2·1.2·6² = 25.9 Pa, is 22
        // times its weight per area, 0.12·9.81 = 1.18 Pa, so it is blown out towards the
        // horizontal: its free edge, 0.3 m below the pins, moves more than 5 cm downwind within
        // 1 s. The sheltered sheet feels only gravity, which keeps it hanging in its plane: its
        // free edge stays within 1 µm of x = 0 (no linear drag either: the material's is 0).
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("shelter");
        java.nio.file.Path file = dir.resolve("shelter.json");
        java.nio.file.Files.writeString(file, """
                { "name": "shelter", "fps": 60, "frames": 60, "wind": [6, 0, 0], "aerodynamics": {},
                  "cloths": [
                    { "name": "out", "mesh": { "grid": { "size": [0.3, 0.3], "cells": [6, 6], "center": [0, 1, 0],
                                                        "normal": [1, 0, 0], "uAxis": [0, 0, 1] } },
                      "material": { "density": 0.12 },
                      "pins": [ { "box": { "min": [-1, 1.149, -1], "max": [1, 1.151, 1] } } ] },
                    { "name": "in", "mesh": { "grid": { "size": [0.3, 0.3], "cells": [6, 6], "center": [0, 1, 1],
                                                       "normal": [1, 0, 0], "uAxis": [0, 0, 1] } },
                      "material": { "density": 0.12 }, "aerodynamics": false,
                      "pins": [ { "box": { "min": [-1, 1.149, -1], "max": [1, 1.151, 2] } } ] } ] }
                """);
        org.isocloth.cli.SceneRun run = new org.isocloth.cli.SceneRun(org.isocloth.scene.SceneReader.read(file));
        run.startFrames();
        assertEquals(2, run.cloths().size(), "different air-force settings are simulated apart");
        for (int f = 1; f <= 60; f++) {
            run.stepFrame(f);
        }
        double out = freeEdgeX(run.cloths().get(0));
        double in = freeEdgeX(run.cloths().get(1));
        assertTrue(out > 0.05, "the exposed sheet's free edge is at x = " + out);
        assertEquals(0, in, 1e-6, "the sheltered sheet's free edge");
    }

    /** The mean x of a sheet's free edge: the nodes whose rest height is the lowest, 0.85 m. */
    private static double freeEdgeX(org.isocloth.scene.SceneCloth c) {
        double[] rest = c.model.restPositions;
        double[] x = c.solver.positions();
        double sum = 0;
        int n = 0;
        for (int i = 0; i < x.length; i += 3) {
            if (rest[i + 1] < 0.851) {
                sum += x[i];
                n++;
            }
        }
        return sum / n;
    }

    @Test
    void absurdCoefficientsAreRefusedNamingTheField() {
        InputException e = assertThrows(InputException.class, () -> new Aerodynamics(1.2, -1, 0.02, 0, 0.3, 2));
        assertTrue(e.getMessage().startsWith("aerodynamics.normalDrag: must be in"), e.getMessage());
        e = assertThrows(InputException.class, () -> new Aerodynamics(Double.NaN, 1.2, 0.02, 0, 0.3, 2));
        assertTrue(e.getMessage().startsWith("aerodynamics.airDensity"), e.getMessage());
    }

    /** RMS distance of the nodes from their best-fit plane, m (the smallest principal spread). */
    private static double offPlane(double[] x) {
        int n = x.length / 3;
        double[] c = new double[3];
        for (int p = 0; p < n; p++) {
            for (int k = 0; k < 3; k++) {
                c[k] += x[3 * p + k] / n;
            }
        }
        org.ejml.data.DMatrixRMaj cov = new org.ejml.data.DMatrixRMaj(3, 3);
        for (int p = 0; p < n; p++) {
            for (int r = 0; r < 3; r++) {
                for (int q = 0; q < 3; q++) {
                    cov.add(r, q, (x[3 * p + r] - c[r]) * (x[3 * p + q] - c[q]) / n);
                }
            }
        }
        var eig = org.ejml.dense.row.factory.DecompositionFactory_DDRM.eig(3, false, true);
        eig.decompose(cov);
        double least = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            least = Math.min(least, eig.getEigenvalue(i).real);
        }
        return Math.sqrt(Math.max(least, 0));
    }
}
