package dev.tracedeck.app.threads;

import java.util.List;

/** Maps on the JVM's common pool, outside any budget: what the rule refuses. */
public final class CommonPool {

    public static List<Integer> lengths(List<String> words) {
        return words.parallelStream().map(String::length).toList();
    }
}
