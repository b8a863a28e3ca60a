package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class PngEncoderTest {

    @Test
    void writesAPngThatImageIoReadsBackPixelForPixel() throws Exception {
        int[] argb = {0xFFFF0000, 0xFF00FF00, 0xFF0000FF, 0x80FFFFFF, 0x00000000, 0xFF123456};
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        PngEncoder.write(3, 2, argb, out);

        BufferedImage image = ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
        assertEquals(3, image.getWidth());
        assertEquals(2, image.getHeight());
        for (int i = 0; i < argb.length; i++) {
            assertEquals(argb[i], image.getRGB(i % 3, i / 3), "pixel " + i);
        }
    }

    @Test
    void refusesPixelsThatDoNotMatchTheSize() {
        assertThrows(IllegalArgumentException.class, () -> PngEncoder.write(2, 2, new int[3], new ByteArrayOutputStream()));
    }
}
