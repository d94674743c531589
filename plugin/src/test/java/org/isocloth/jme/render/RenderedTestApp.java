package org.isocloth.jme.render;

import com.jme3.app.SimpleApplication;
import com.jme3.system.AppSettings;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A rendered test application, run in a child JVM by {@link ChildRender}: a window with jME's
 * real timer (no frame-rate cap, no vsync, no audio), which ends after writing one screenshot.
 * The JVM exits with 0 when the PNG was written, 2 when the application ended without it, and 3
 * when nothing ended within the time limit.
 */
public abstract class RenderedTestApp extends SimpleApplication {
    /** Writes the screenshot and stops the application. */
    protected final ScreenCapture capture;
    private final CountDownLatch ended = new CountDownLatch(1);

    /** @param output the PNG to write */
    protected RenderedTestApp(Path output) {
        capture = new ScreenCapture(output, this::stop);
    }

    /** Puts the capture after the GUI viewport (call from {@code simpleInitApp}). */
    protected void captureAfterGui() {
        guiViewPort.addProcessor(capture);
    }

    @Override
    public void handleError(String errMsg, Throwable t) {
        try {
            super.handleError(errMsg, t);
        } finally {
            ended.countDown();
        }
    }

    @Override
    public void destroy() {
        try {
            super.destroy();
        } finally {
            ended.countDown();
        }
    }

    /**
     * Starts the application and exits the JVM when it has ended (see the class description).
     *
     * @param app the application
     * @param title the window title
     * @param width the window width, px
     * @param height the window height, px
     * @param seconds the time limit
     */
    public static void runAndExit(RenderedTestApp app, String title, int width, int height, int seconds) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(seconds * 1000L);
            } catch (InterruptedException e) {
                return;
            }
            System.err.println(title + ": no screenshot after " + seconds + " s; exiting");
            Runtime.getRuntime().halt(3);
        }, "watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        AppSettings s = new AppSettings(true);
        s.setTitle(title);
        s.setResolution(width, height);
        s.setAudioRenderer(null);
        s.setVSync(false);
        s.setFrameRate(-1);
        s.setSamples(0);
        app.setSettings(s);
        app.setShowSettings(false);
        app.setPauseOnLostFocus(false);
        app.start();
        try {
            app.ended.await(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.exit(app.capture.isWritten() ? 0 : 2);
    }
}
