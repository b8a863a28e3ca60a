package dev.tracedeck.app;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Collections;
import picocli.CommandLine;

/**
 * The command line's reference page (docs/cli.md) holds each command's usage help between two markers,
 * {@code <!-- usage: tracedeck validate -->} and {@code <!-- end usage -->}, as the command prints it for
 * {@code tracedeck help validate}; the hand-written explanations around the blocks are left as they are.
 */
final class CommandReference {

    private static final Pattern BLOCK = Pattern.compile("(<!-- usage: ([^>]+?) -->\n)(.*?)(<!-- end usage -->)", Pattern.DOTALL);

    private CommandReference() {
    }

    /** Every command under {@code root} and {@code root} itself, by qualified name, in the order they are declared. */
    static Map<String, String> usages(CommandLine root) {
        Map<String, String> usages = new LinkedHashMap<>();
        collect(root, usages, Collections.newSetFromMap(new IdentityHashMap<>()));
        return usages;
    }

    private static void collect(CommandLine command, Map<String, String> usages, Set<CommandLine> seen) {
        // An alias maps to the same CommandLine; picocli's own help command documents nothing of Tracedeck's.
        if (!seen.add(command) || command.getCommand() instanceof CommandLine.HelpCommand) {
            return;
        }
        usages.put(command.getCommandSpec().qualifiedName(), usage(command));
        command.getSubcommands().values().forEach(sub -> collect(sub, usages, seen));
    }

    /** What {@code --help} prints, without colour, with Unix line ends and no trailing blanks. */
    static String usage(CommandLine command) {
        String text = command.getUsageMessage(CommandLine.Help.Ansi.OFF).replace("\r\n", "\n");
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            out.append(line.stripTrailing()).append('\n');
        }
        return out.toString().strip() + "\n";
    }

    /** The commands the page has a usage block for, in page order. */
    static List<String> marked(String page) {
        List<String> names = new ArrayList<>();
        Matcher m = BLOCK.matcher(page);
        while (m.find()) {
            names.add(m.group(2));
        }
        return names;
    }

    /** {@code page} with every usage block holding what its command prints now. */
    static String fill(String page, Map<String, String> usages) {
        Matcher m = BLOCK.matcher(page);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String usage = usages.get(m.group(2));
            if (usage == null) {
                throw new IllegalArgumentException("docs/cli.md has a usage block for " + m.group(2) + ", which is no command");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + "```text\n" + usage + "```\n" + m.group(4)));
        }
        m.appendTail(out);
        return out.toString();
    }
}
