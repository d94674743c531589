package org.isocloth.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.isocloth.cli.Main;

/**
 * Runs {@code Main.run} on a daemon thread of its own with a time limit, and collects what it
 * printed and the {@code org.isocloth} log records that thread published.
 *
 * <p>While open, the runner's handler is on the {@code org.isocloth} logger (at INFO, with the
 * console handlers of the root logger switched off for it) and on {@code org.isocloth.cli.Main}
 * at FINE, where {@code Main} logs the exception behind an "internal error" line. A run that
 * does not end in time is left running: its thread is a daemon and cannot hold up the JVM, and
 * its later records are not mixed into other runs' because records are sorted by thread.
 */
final class CaseRunner implements AutoCloseable {
    /** Strong references, so the loggers and their settings are not garbage collected. */
    private static final Logger ROOT = Logger.getLogger("org.isocloth");
    private static final Logger MAIN = Logger.getLogger("org.isocloth.cli.Main");

    private final Map<Long, List<LogRecord>> byThread = new ConcurrentHashMap<>();
    private final Handler handler;
    private final Level oldRootLevel;
    private final Level oldMainLevel;
    private final boolean oldUseParent;

    /** What one run did. */
    static final class Result {
        /** Exit status, or null if the run did not end in time or threw. */
        Integer status;
        /** What Main.run threw instead of returning, or null. */
        Throwable thrown;
        boolean hung;
        String out = "";
        String err = "";
        List<LogRecord> records = List.of();
        long millis;
    }

    CaseRunner() {
        handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                byThread.computeIfAbsent(record.getLongThreadID(), k -> new ArrayList<>());
                List<LogRecord> l = byThread.get(record.getLongThreadID());
                synchronized (l) {
                    l.add(record);
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
        oldRootLevel = ROOT.getLevel();
        oldMainLevel = MAIN.getLevel();
        oldUseParent = ROOT.getUseParentHandlers();
        ROOT.setLevel(Level.INFO);
        MAIN.setLevel(Level.FINE);
        ROOT.setUseParentHandlers(false);
        ROOT.addHandler(handler);
    }

    /**
     * Runs {@code cloth args...} and waits at most {@code limitMillis}.
     *
     * @param name the thread's name
     */
    Result run(String[] args, long limitMillis, String name) throws InterruptedException {
        Result res = new Result();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        Object[] outcome = new Object[1];
        Thread t = new Thread(() -> {
            Object v;
            try {
                v = Main.run(args, o, e);
            } catch (Throwable x) {
                v = x;
            }
            synchronized (outcome) {
                outcome[0] = v;
            }
        }, name);
        t.setDaemon(true);
        long t0 = System.nanoTime();
        t.start();
        t.join(limitMillis);
        res.millis = (System.nanoTime() - t0) / 1_000_000;
        synchronized (outcome) {
            if (outcome[0] == null) {
                res.hung = true;
            } else if (outcome[0] instanceof Integer s) {
                res.status = s;
            } else {
                res.thrown = (Throwable) outcome[0];
            }
        }
        synchronized (out) {
            res.out = out.toString(StandardCharsets.UTF_8);
        }
        synchronized (err) {
            res.err = err.toString(StandardCharsets.UTF_8);
        }
        List<LogRecord> l = byThread.remove(t.getId());
        if (l != null) {
            synchronized (l) {
                res.records = new ArrayList<>(l);
            }
        }
        return res;
    }

    @Override
    public void close() {
        ROOT.removeHandler(handler);
        ROOT.setLevel(oldRootLevel);
        MAIN.setLevel(oldMainLevel);
        ROOT.setUseParentHandlers(oldUseParent);
    }
}
