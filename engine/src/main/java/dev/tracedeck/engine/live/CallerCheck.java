package dev.tracedeck.engine.live;

import java.net.InetAddress;
import java.util.Locale;
import java.util.Optional;

/**
 * Who may send to a receiver that listens on this machine only. A web page can reach a loopback port: directly (a
 * cross-site request, which says its {@code Origin}) or by DNS rebinding (a name the page controls made to resolve
 * to 127.0.0.1, which the request names in its {@code Host}). An OTLP exporter in an agent sends no {@code Origin},
 * and names the address it was given. So on a loopback address only loopback host names are taken, and a request
 * from a browser never is; a receiver opened to other machines ({@code --address}) takes any host name, since its
 * users reach it by names of their own, and still refuses browsers.
 */
final class CallerCheck {

    private final boolean loopbackOnly;

    CallerCheck(InetAddress bound) {
        this.loopbackOnly = bound.isLoopbackAddress();
    }

    /** Why a request with these headers is refused, or empty when it is taken. */
    Optional<String> refusal(String host, String origin) {
        if (origin != null) {
            return Optional.of("requests from a web page (Origin: " + origin + ") are refused: OTLP exporters send no Origin");
        }
        if (loopbackOnly && host != null && !isLoopbackName(hostName(host))) {
            return Optional.of("this receiver listens on this machine only and takes requests for localhost, not for '"
                    + host + "' (start it with --address to open it to other names)");
        }
        return Optional.empty();
    }

    /** The name in a Host header, without its port or an IPv6 literal's brackets. */
    static String hostName(String host) {
        String h = host.strip();
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            return close < 0 ? h : h.substring(1, close);
        }
        int colon = h.indexOf(':');
        return colon < 0 ? h : h.substring(0, colon);
    }

    /** localhost (and names under it, which resolvers keep on this machine) and the loopback address literals. */
    static boolean isLoopbackName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith(".")) {
            n = n.substring(0, n.length() - 1);
        }
        if (n.equals("localhost") || n.endsWith(".localhost")) {
            return true;
        }
        if (n.equals("::1") || n.equals("0:0:0:0:0:0:0:1")) {
            return true;
        }
        String[] parts = n.split("\\.", -1);
        if (parts.length != 4 || !parts[0].equals("127")) {
            return false;
        }
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(Character::isDigit) || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return true;
    }
}
