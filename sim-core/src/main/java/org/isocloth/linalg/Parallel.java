package org.isocloth.linalg;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The fork/join pool that the solver's parallel work shares: the factorization and triangular
 * solves of {@link SparseCholesky}, the nested-dissection ordering, the assembly of the
 * system and the cloth–cloth collision queries. One pool with as many daemon workers as the JVM
 * has processors ({@code -XX:ActiveProcessorCount} lowers it), created on first use; its threads
 * are named {@code isocloth-linalg-k}.
 */
public final class Parallel {
    private static volatile ForkJoinPool sharedPool;

    private Parallel() {
    }

    /** The number of processors the JVM offers, at least 1. */
    public static int processors() {
        return Math.max(1, Runtime.getRuntime().availableProcessors());
    }

    /**
     * The shared pool.
     *
     * @return the pool, created on the first call
     */
    public static ForkJoinPool pool() {
        ForkJoinPool p = sharedPool;
        if (p == null) {
            synchronized (Parallel.class) {
                p = sharedPool;
                if (p == null) {
                    AtomicInteger count = new AtomicInteger();
                    p = new ForkJoinPool(processors(), pool -> {
                        ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
                        t.setName("isocloth-linalg-" + count.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    }, null, false);
                    sharedPool = p;
                }
            }
        }
        return p;
    }

    /**
     * Runs {@code tasks[i]} for every i, in parallel on the shared pool when there is more than
     * one processor and more than one task, else one after the other on the calling thread.
     * Returns when all have finished; an exception of a task is rethrown (the first one).
     *
     * @param tasks the work (not null, no null element); the tasks must not write shared state
     */
    public static void run(Runnable... tasks) {
        if (tasks.length <= 1 || processors() == 1) {
            for (Runnable t : tasks) {
                t.run();
            }
            return;
        }
        RecursiveAction[] actions = new RecursiveAction[tasks.length];
        for (int i = 0; i < tasks.length; i++) {
            Runnable t = tasks[i];
            actions[i] = new RecursiveAction() {
                private static final long serialVersionUID = 1L;

                @Override
                protected void compute() {
                    t.run();
                }
            };
        }
        if (ForkJoinTask.inForkJoinPool()) {
            ForkJoinTask.invokeAll(actions);
        } else {
            pool().invoke(new RecursiveAction() {
                private static final long serialVersionUID = 1L;

                @Override
                protected void compute() {
                    ForkJoinTask.invokeAll(actions);
                }
            });
        }
    }
}
