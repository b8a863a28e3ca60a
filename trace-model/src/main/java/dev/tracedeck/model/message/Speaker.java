package dev.tracedeck.model.message;

/**
 * A message's role and participant's name, which a file's messages share: a handful of roles, and a name on few
 * messages or the same few names on many. One object for each pair keeps a message to five fields (see
 * {@link Message}).
 */
final class Speaker {

    /**
     * The pairs made last, each in the slot its hash picks: they are immutable and equal to any others of the same
     * strings, so a slot overwritten by another thread only costs a pair made again. Bounded, so the names of files
     * closed long ago stay held in at most this many slots.
     */
    private static final Speaker[] RECENT = new Speaker[1024];

    final String role;
    final String name;

    private Speaker(String role, String name) {
        this.role = role;
        this.name = name;
    }

    static Speaker of(String role, String name) {
        int hash = role.hashCode() * 31 + name.hashCode();
        int slot = (hash ^ (hash >>> 16)) & (RECENT.length - 1);
        Speaker recent = RECENT[slot];
        if (recent != null && recent.role.equals(role) && recent.name.equals(name)) {
            return recent;
        }
        Speaker made = new Speaker(role, name);
        RECENT[slot] = made;
        return made;
    }
}
