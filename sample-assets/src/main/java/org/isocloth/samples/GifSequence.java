package org.isocloth.samples;

import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * An animated GIF written frame by frame (the JDK's GIF writer, looping forever): every
 * {@link #EVERY}th frame of a 60 frames-per-second sequence, scaled to at most {@link #WIDTH}
 * pixels wide, shown for {@link #EVERY}/60 s (rounded to the GIF's hundredths). Written to a
 * temporary file beside the target and moved into place by {@link #finish}.
 */
final class GifSequence {
    /** Every how many frames one is kept (30 pictures per second of a 60 fps sequence). */
    static final int EVERY = 2;
    /** Largest width, pixels. */
    static final int WIDTH = 640;

    private final Path target;
    private final Path tmp;
    private final ImageOutputStream out;
    private final ImageWriter writer;
    private int offered;
    private int frames;

    GifSequence(Path target) throws IOException {
        this.target = target;
        Path parent = target.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        tmp = Files.createTempFile(parent, "anim", ".gif.tmp");
        // the stream creates the file again, with the usual permissions rather than the
        // temporary file's owner-only ones
        Files.delete(tmp);
        writer = ImageIO.getImageWritersByFormatName("gif").next();
        out = ImageIO.createImageOutputStream(tmp.toFile());
        writer.setOutput(out);
        writer.prepareWriteSequence(null);
    }

    /** Offers a frame; every {@link #EVERY}th is written. */
    void add(BufferedImage frame) throws IOException {
        if (offered++ % EVERY != 0) {
            return;
        }
        BufferedImage small = scaled(frame);
        ImageTypeSpecifier type = ImageTypeSpecifier.createFromRenderedImage(small);
        IIOMetadata meta = writer.getDefaultImageMetadata(type, writer.getDefaultWriteParam());
        String format = meta.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(format);
        IIOMetadataNode control = child(root, "GraphicControlExtension");
        control.setAttribute("disposalMethod", "none");
        control.setAttribute("userInputFlag", "FALSE");
        control.setAttribute("transparentColorFlag", "FALSE");
        control.setAttribute("delayTime", Integer.toString(Math.round(100f * EVERY / 60)));
        control.setAttribute("transparentColorIndex", "0");
        if (frames == 0) {
            IIOMetadataNode app = new IIOMetadataNode("ApplicationExtension");
            app.setAttribute("applicationID", "NETSCAPE");
            app.setAttribute("authenticationCode", "2.0");
            app.setUserObject(new byte[] {1, 0, 0}); // loop forever
            child(root, "ApplicationExtensions").appendChild(app);
        }
        meta.setFromTree(format, root);
        writer.writeToSequence(new IIOImage(small, null, meta), null);
        frames++;
    }

    /** Ends the sequence and moves the file into place. */
    void finish() throws IOException {
        writer.endWriteSequence();
        out.close();
        writer.dispose();
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Drops the unfinished file. */
    void abort() {
        try {
            out.close();
        } catch (IOException e) {
            // the temporary file is deleted below either way
        }
        writer.dispose();
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // nothing more to do: it is a temporary file named as such
        }
    }

    /** @return the frames written */
    int frames() {
        return frames;
    }

    private static BufferedImage scaled(BufferedImage in) {
        if (in.getWidth() <= WIDTH) {
            return in;
        }
        int h = Math.round((float) in.getHeight() * WIDTH / in.getWidth());
        BufferedImage s = new BufferedImage(WIDTH, h, BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = s.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(in, 0, 0, WIDTH, h, null);
        g.dispose();
        return s;
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }
}
