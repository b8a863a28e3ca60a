#!/usr/bin/env python3
"""Makes Tracedeck's bundled redaction rules from gitleaks' rule set (MIT).

    scripts/gitleaks-rules.py GITLEAKS_CHECKOUT COMMIT

reads GITLEAKS_CHECKOUT/config/gitleaks.toml and writes
importers/src/main/resources/dev/tracedeck/importers/redact/gitleaks-rules.txt in the format RedactionRules reads,
and, from the rules' own generators (cmd/generate/config/rules/*.go), the example secrets each rule is tested with
(importers/target/gitleaks-examples.txt: gitleaks' own test data stays in gitleaks, so GitleaksRulesTest holds the
bundled rules to it when it is there, after running this script, and skips that test otherwise).

What is kept of each rule: its pattern, in Java's syntax, with the secret's group named `value`; its keywords and
entropy; its allowlists (and the global one) where they test the secret or the match. What is left out, each rule
with the reason in the file's header: a rule for one kind of file (`path`), a rule without a pattern, and a pattern
that would backtrack without bound in Java's engine (gitleaks' Go engine is linear whatever the pattern; Java's is
only when every quantifier is bounded or possessive). Two rewrites keep gitleaks' meaning and make a pattern linear:
a quantifier over a character class becomes possessive where nothing that may follow it can start with a character
of that class (giving characters back could never help: an unbounded one is then linear, a bounded one cheaper), and a leading lazy `[\\w.-]{0,50}?` (the name before a
keyword, which may be empty) is dropped, so the match starts at the keyword rather than up to 50 characters before.
"""
import json
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES_OUT = os.path.join(ROOT, "importers/src/main/resources/dev/tracedeck/importers/redact/gitleaks-rules.txt")
EXAMPLES_OUT = os.path.join(ROOT, "importers/target/gitleaks-examples.txt")
KIND = re.compile(r"[a-z0-9][a-z0-9-]{0,63}\Z")
TERMINATOR = r"""(?:[\x60'"\s;]|\\[nr]|$)"""
TERMINATOR_CHARS = set("`'\";\\ \t\n\r\f\v")
LAZY_NAME = r"[\w.-]{0,50}?"


def class_end(rx, start):
    depth, i = 0, start
    while i < len(rx):
        c = rx[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            depth += 1
            if i + 1 < len(rx) and rx[i + 1] == "^":
                i += 1
            if i + 1 < len(rx) and rx[i + 1] == "]":
                i += 1
        elif c == "]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(rx)


def linear_problem(rx):
    """LinearPatterns.problem, in Python."""
    i, after_atom = 0, False
    while i < len(rx):
        c = rx[i]
        if c == "\\":
            if i + 1 < len(rx):
                n = rx[i + 1]
                if (n.isdigit() and n != "0") or n == "k":
                    return "a back-reference"
                if n == "Q":
                    end = rx.find("\\E", i + 2)
                    i = len(rx) if end < 0 else end + 2
                    after_atom = True
                    continue
            i += 2
            after_atom = True
        elif c == "[":
            i = class_end(rx, i)
            after_atom = True
        elif c == "(":
            i += 1
            if i < len(rx) and rx[i] == "?":
                i += 1
                if i < len(rx) and rx[i] == "<" and i + 1 < len(rx) and rx[i + 1].isalpha():
                    i = rx.index(">", i) + 1
                else:
                    while i < len(rx) and rx[i] in "<=!:>":
                        i += 1
            after_atom = False
        elif c in "*+":
            if not after_atom:
                i += 1
                continue
            if i + 1 < len(rx) and rx[i + 1] == "+":
                i += 2
            else:
                return "an unbounded '%s' at character %d" % (c, i + 1)
            after_atom = False
        elif c == "{" and after_atom:
            close = rx.find("}", i)
            inside = rx[i + 1:close]
            possessive = close + 1 < len(rx) and rx[close + 1] == "+"
            if inside.endswith(",") and not possessive:
                return "an unbounded '{%s}' at character %d" % (inside, i + 1)
            i = close + (2 if possessive else 1)
            after_atom = False
        elif c == "?":
            i += 1
            after_atom = False
        else:
            i += 1
            after_atom = c not in "|^"
    return None


def nested_problem(rx):
    """LinearPatterns.nestedProblem, in Python: a repeated group that holds an unbounded quantifier."""
    groups, closed_unbounded, i = [], False, 0
    while i < len(rx):
        c, closed = rx[i], False
        if c == "\\":
            i += 2
        elif c == "[":
            i = class_end(rx, i)
        elif c == "(":
            groups.append(False)
            i += 1
        elif c == ")":
            g = groups.pop() if groups else False
            closed_unbounded = g
            if g and groups:
                groups[-1] = True
            closed = True
            i += 1
        elif c in "*+{":
            end = rx.find("}", i) if c == "{" else i
            unbounded = c != "{" or rx[i:end].endswith(",")
            if closed_unbounded:
                return "a repeated group holds an unbounded quantifier"
            if unbounded and groups:
                groups[-1] = True
            i = len(rx) if end < 0 else end + 1
        else:
            i += 1
        if not closed:
            closed_unbounded = False
    return None


def class_chars(cls, ignore_case):
    """The ASCII characters a character class matches (Python's re reads these classes as Java does)."""
    flags = re.IGNORECASE if ignore_case else 0
    return {chr(c) for c in range(128) if re.fullmatch(cls, chr(c), flags)}


def follow_chars(rx, i):
    """The characters what follows position i can start with, or None when that is not known."""
    chars = set()
    while True:
        rest = rx[i:]
        if rest == "" or rest.startswith(TERMINATOR) or rest.startswith("\\b"):
            # The end, the terminator, or a word boundary (a class of word characters never gives a boundary back).
            return chars | TERMINATOR_CHARS | ({"\\b"} if rest.startswith("\\b") else set())
        m = re.match(r"(=|\[=\])\{0,\d\}", rest)
        if m:
            chars.add("=")
            i += m.end()
            continue
        if rest.startswith("|"):
            # The end of an alternative: what follows is what follows its group.
            depth, j = 0, i
            while j < len(rx):
                if rx[j] == "\\":
                    j += 2
                    continue
                if rx[j] == "[":
                    j = class_end(rx, j)
                    continue
                if rx[j] == "(":
                    depth += 1
                elif rx[j] == ")":
                    if depth == 0:
                        break
                    depth -= 1
                j += 1
            if j >= len(rx):
                return None
            i = j
            continue
        if rest.startswith(")") and not re.match(r"\)[*+?{]", rest):
            i += 1  # the end of a group that is not repeated: what follows the group follows
            continue
        m = re.match(r"\\([.\-_/:@])|([A-Za-z0-9\-_/:@=])", rest)
        if m:
            return chars | {m.group(1) or m.group(2)}
        return None


def make_possessive(rx):
    """Quantifiers over a class that what follows can't start with become possessive: an unbounded one is then
    linear, and a bounded one no longer gives back, one at a time, what could never help the rest to match."""
    out, i = [], 0
    while i < len(rx):
        if rx[i] == "\\" and rx[i + 1:i + 2] != "d":
            out.append(rx[i:i + 2])
            i += 2
            continue
        if rx[i] == "[" or rx[i] == "\\":
            end = class_end(rx, i) if rx[i] == "[" else i + 2
            cls = rx[i:end]
            m = re.match(r"\+|\*|\{\d+,\d*\}", rx[end:])
            if m and not rx[end + m.end():].startswith(("+", "?")):
                q_end = end + m.end()
                follow = follow_chars(rx, q_end)
                ignore_case = rx.startswith("(?i)") or "(?i)" in rx[:i]
                if follow is not None:
                    chars = class_chars("[0-9]" if cls == "\\d" else cls.replace("\\x60", "`"), ignore_case)
                    word = "\\b" in follow
                    clash = chars & (follow - {"\\b"})
                    if not clash and (not word or chars <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")):
                        out.append(cls + rx[end:q_end] + "+")
                        i = q_end
                        continue
            out.append(cls)
            i = end
            continue
        out.append(rx[i])
        i += 1
    return "".join(out)


def name_secret_group(rx, number):
    """The pattern with its capturing group `number` named value (and Go's (?P<x> written as Java's (?<x>)."""
    rx = rx.replace("(?P<", "(?<")
    count, i = 0, 0
    while i < len(rx):
        c = rx[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            i = class_end(rx, i)
            continue
        if c == "(":
            named = rx.startswith("(?<", i) and i + 3 < len(rx) and rx[i + 3].isalpha()
            if not rx.startswith("(?", i) or named:
                count += 1
                if count == number:
                    if named:
                        close = rx.index(">", i)
                        return rx[:i] + "(?<value>" + rx[close + 1:]
                    return rx[:i] + "(?<value>" + rx[i + 1:]
        i += 1
    return rx


def java_braces(rx):
    """Go reads a '{' that opens no repetition as itself; Java refuses it, so it is escaped."""
    out, i = [], 0
    while i < len(rx):
        if rx[i] == "\\":
            out.append(rx[i:i + 2])
            i += 2
            continue
        if rx[i] == "[":
            end = class_end(rx, i)
            out.append(rx[i:end])
            i = end
            continue
        if rx[i] == "{" and not re.match(r"\{\d+(,\d*)?\}", rx[i:]):
            out.append("\\{")
        elif rx[i] == "}" and (not out or not re.search(r"\{\d+(,\d*)?$", "".join(out[-8:]))):
            out.append("\\}")
        else:
            out.append(rx[i])
        i += 1
    return "".join(out)


def java_pattern(rule):
    rx = java_braces(rule["regex"])
    rx = rx.replace("[[:alnum:]]", "[A-Za-z0-9]").replace("[:alnum:]", "A-Za-z0-9")
    if rx.startswith("(?i)" + LAZY_NAME):
        rx = "(?i)" + rx[len("(?i)" + LAZY_NAME):]
    elif rx.startswith(LAZY_NAME):
        rx = rx[len(LAZY_NAME):]
    rx = name_secret_group(rx, rule.get("secretGroup", 1))
    return make_possessive(rx)


def allow_lines(kind, allowlists):
    lines, skipped = [], []
    for a in allowlists:
        if a.get("paths") and a.get("condition", "OR").upper() == "AND":
            continue  # allows only in some files: never here
        target = a.get("regexTarget", "secret")
        for rx in a.get("regexes", []):
            if target == "line":
                skipped.append("a pattern tested on the whole line")
                continue
            rx = java_braces(rx.replace("(?P<", "(?<"))
            if nested_problem(rx):
                skipped.append(rx)
                continue
            lines.append("%s %s %s" % ("allow" if target == "secret" else "allow-match", kind, rx))
        if a.get("stopwords"):
            lines.append("allow-words %s %s" % (kind, " ".join(w.lower() for w in a["stopwords"] if " " not in w)))
    return lines, skipped


def main():
    checkout, commit = sys.argv[1], sys.argv[2]
    with open(os.path.join(checkout, "config/gitleaks.toml"), "rb") as f:
        config = tomllib.load(f)
    kept, left = [], []
    for rule in config["rules"]:
        rid = rule["id"]
        if "regex" not in rule:
            left.append((rid, "no pattern (it finds files by name)"))
            continue
        if "path" in rule:
            left.append((rid, "only for files named like " + rule["path"]))
            continue
        if not KIND.match(rid):
            left.append((rid, "its id can't name a pseudonym"))
            continue
        rx = java_pattern(rule)
        problem = linear_problem(rx)
        if problem:
            left.append((rid, "not linear in Java: " + problem))
            continue
        attrs = []
        keywords = rule.get("keywords", [])
        if keywords and all(re.fullmatch(r"[^\s,]+", k) for k in keywords):
            attrs.append("keywords=" + ",".join(k.lower() for k in keywords))
        if rule.get("entropy"):
            attrs.append("entropy=%g" % rule["entropy"])
        allows, skipped = allow_lines(rid, rule.get("allowlists", []))
        allows += ["# (left out of its allowlist: %s)" % rx for rx in skipped]
        kept.append((rid, " ".join(["secret", rid] + attrs + [rx]), allows))
    global_allows, global_skipped = allow_lines("*", [config.get("allowlist", {})])
    with open(RULES_OUT, "w") as out:
        out.write("# gitleaks' rules (https://github.com/gitleaks/gitleaks, config/gitleaks.toml at %s),\n" % commit)
        out.write("# in the format RedactionRules reads; made by scripts/gitleaks-rules.py, not edited by hand.\n#\n")
        out.write("# The rules are gitleaks' (MIT License, Copyright (c) 2019 Zachary Rice; the license follows).\n")
        out.write("# Kept: %d of %d rules. Left out:\n" % (len(kept), len(config["rules"])))
        for rid, why in left:
            out.write("#   %s: %s\n" % (rid, why))
        out.write("#\n")
        with open(os.path.join(checkout, "LICENSE")) as lic:
            for line in lic.read().splitlines():
                out.write(("#   " + line).rstrip() + "\n")
        out.write("\n# gitleaks' global allowlist: placeholders, variables, words")
        out.write("".join("\n# (left out, a repeated group holding an unbounded quantifier: %s)" % rx for rx in global_skipped))
        out.write("\n")
        for line in global_allows:
            out.write(line + "\n")
        for rid, line, allows in kept:
            out.write("\n" + line + "\n")
            for a in allows:
                out.write(a + "\n")
    write_examples(checkout, commit, {rid for rid, _, _ in kept})
    print("kept %d, left %d" % (len(kept), len(left)))
    for rid, why in left:
        print("  left", rid, why)


GO_STRING = r'"(?:[^"\\\n]|\\.)*"|`[^`]*`'


def go_string(s):
    if s.startswith("`"):
        return s[1:-1]
    return json.loads(s)


def write_examples(checkout, commit, kept):
    """Each rule's literal example secrets in its generator: GenerateSampleSecrets(identifier, "secret") pairs."""
    rules_dir = os.path.join(checkout, "cmd/generate/config/rules")
    examples = []
    for name in sorted(os.listdir(rules_dir)):
        if not name.endswith(".go") or name.endswith("_test.go"):
            continue
        with open(os.path.join(rules_dir, name)) as f:
            source = f.read()
        for block in re.split(r"\nfunc ", source):
            rid = re.search(r'RuleID:\s*"([^"]+)"', block)
            if not rid or rid.group(1) not in kept:
                continue
            for m in re.finditer(r"GenerateSampleSecrets\(\s*(%s)\s*,\s*(%s)\s*\)" % (GO_STRING, GO_STRING), block):
                examples.append((rid.group(1), go_string(m.group(1)), go_string(m.group(2))))
            # Whole lines the rule must find: the string literals that are elements of its true positives, tps.
            tps = re.search(r"\btps\b(.*?)(?:\bfps\b|return utils\.Validate)", block, re.S)
            if tps:
                for m in re.finditer(r"^[ \t]*(%s)[ \t]*,[ \t]*(?://.*)?$" % GO_STRING, tps.group(1), re.M):
                    line = go_string(m.group(1))
                    if "\n" not in line and "\t" not in line:
                        examples.append((rid.group(1), "", line))
    with open(EXAMPLES_OUT, "w") as out:
        out.write("# gitleaks' own example secret for each rule that has one, from cmd/generate/config/rules/*.go at %s\n"
                  % commit)
        out.write("# (MIT License, Copyright (c) 2019 Zachary Rice); made by scripts/gitleaks-rules.py.\n")
        out.write("# KIND<TAB>IDENTIFIER<TAB>SECRET, tested as gitleaks' generator writes them (IDENTIFIERToken = \"SECRET\");\n")
        out.write("# KIND<TAB><TAB>LINE: a whole line of the rule's true positives\n")
        for rid, ident, secret in examples:
            out.write("%s\t%s\t%s\n" % (rid, ident, secret))


if __name__ == "__main__":
    main()
