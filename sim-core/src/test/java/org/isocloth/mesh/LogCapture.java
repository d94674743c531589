package org.isocloth.mesh;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Test helper: while open, keeps log records of package {@code org.isocloth.mesh} away from the
 * console (tests do not print) and collects them for assertions. Registered as a field
 * ({@code @RegisterExtension final LogCapture logs = new LogCapture();}) it is open during each
 * test and starts empty for each.
 */
final class LogCapture implements BeforeEachCallback, AfterEachCallback {
    /** Strong reference, so the logger and its settings are not garbage collected. */
    private static final Logger PACKAGE_LOGGER = Logger.getLogger("org.isocloth.mesh");

    private final List<LogRecord> records = new ArrayList<>();
    private boolean oldUseParent;
    private Level oldLevel;
    private final Handler handler;

    /** A capture that opens before each test and closes after it. */
    LogCapture() {
        handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                synchronized (records) {
                    records.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        handler.setLevel(Level.ALL);
    }

    private void open() {
        synchronized (records) {
            records.clear();
        }
        oldUseParent = PACKAGE_LOGGER.getUseParentHandlers();
        oldLevel = PACKAGE_LOGGER.getLevel();
        PACKAGE_LOGGER.setUseParentHandlers(false);
        PACKAGE_LOGGER.setLevel(Level.ALL);
        PACKAGE_LOGGER.addHandler(handler);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        open();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    /** Messages logged at {@code level} or above so far. */
    List<String> messages(Level level) {
        List<String> out = new ArrayList<>();
        synchronized (records) {
            for (LogRecord r : records) {
                if (r.getLevel().intValue() >= level.intValue()) {
                    out.add(r.getMessage());
                }
            }
        }
        return out;
    }

    private void close() {
        PACKAGE_LOGGER.removeHandler(handler);
        PACKAGE_LOGGER.setLevel(oldLevel);
        PACKAGE_LOGGER.setUseParentHandlers(oldUseParent);
    }
}
