package org.isocloth.mesh;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Test helper: while open, keeps log records of package {@code org.isocloth.mesh} away from the
 * console (tests do not print) and collects them for assertions.
 */
final class LogCapture implements AutoCloseable {
    /** Strong reference, so the logger and its settings are not garbage collected. */
    private static final Logger PACKAGE_LOGGER = Logger.getLogger("org.isocloth.mesh");

    private final List<LogRecord> records = new ArrayList<>();
    private final boolean oldUseParent;
    private final Level oldLevel;
    private final Handler handler;

    private LogCapture() {
        oldUseParent = PACKAGE_LOGGER.getUseParentHandlers();
        oldLevel = PACKAGE_LOGGER.getLevel();
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
        PACKAGE_LOGGER.setUseParentHandlers(false);
        PACKAGE_LOGGER.setLevel(Level.ALL);
        PACKAGE_LOGGER.addHandler(handler);
    }

    static LogCapture start() {
        return new LogCapture();
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

    @Override
    public void close() {
        PACKAGE_LOGGER.removeHandler(handler);
        PACKAGE_LOGGER.setLevel(oldLevel);
        PACKAGE_LOGGER.setUseParentHandlers(oldUseParent);
    }
}
