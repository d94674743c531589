package org.isocloth.jme.render;

import com.jme3.post.SceneProcessor;
import com.jme3.profile.AppProfiler;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.renderer.queue.RenderQueue;
import com.jme3.system.JmeSystem;
import com.jme3.texture.FrameBuffer;
import com.jme3.util.BufferUtils;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads the whole framebuffer after its viewport is drawn (add it to the last viewport, usually
 * the GUI's), once {@link #request} was called, and writes it as a PNG (atomically: a temporary
 * file moved into place); then runs the given callback (usually the application's stop).
 */
public final class ScreenCapture implements SceneProcessor {
    private final Path output;
    private final Runnable after;
    private RenderManager rm;
    private ViewPort vp;
    private volatile boolean requested;
    private volatile boolean written;
    private boolean done;

    /**
     * @param output the PNG to write
     * @param after run on the render thread once the PNG is written or failed
     */
    public ScreenCapture(Path output, Runnable after) {
        this.output = output;
        this.after = after;
    }

    /** Captures the next frame. */
    public void request() {
        requested = true;
    }

    /** @return whether a capture was requested */
    public boolean isRequested() {
        return requested;
    }

    /** @return whether the PNG was written */
    public boolean isWritten() {
        return written;
    }

    @Override
    public void initialize(RenderManager renderManager, ViewPort viewPort) {
        rm = renderManager;
        vp = viewPort;
    }

    @Override
    public void reshape(ViewPort viewPort, int w, int h) {
    }

    @Override
    public boolean isInitialized() {
        return rm != null;
    }

    @Override
    public void preFrame(float tpf) {
    }

    @Override
    public void postQueue(RenderQueue rq) {
    }

    @Override
    public void postFrame(FrameBuffer out) {
        if (!requested || done) {
            return;
        }
        done = true;
        int w = vp.getCamera().getWidth();
        int h = vp.getCamera().getHeight();
        ByteBuffer buf = BufferUtils.createByteBuffer(w * h * 4);
        rm.getRenderer().readFrameBuffer(out, buf);
        try {
            Files.createDirectories(output.toAbsolutePath().getParent());
            Path tmp = output.resolveSibling(output.getFileName() + ".tmp");
            try (OutputStream os = Files.newOutputStream(tmp)) {
                JmeSystem.writeImageFile(os, "png", buf, w, h);
            }
            Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING);
            written = true;
        } catch (IOException e) {
            System.err.println("ScreenCapture: could not write " + output + ": " + e);
        }
        after.run();
    }

    @Override
    public void cleanup() {
    }

    @Override
    public void setProfiler(AppProfiler profiler) {
    }
}
