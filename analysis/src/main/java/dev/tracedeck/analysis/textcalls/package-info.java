/**
 * Tool calls that models write as text instead of making them through the API.
 *
 * <p>{@link dev.tracedeck.analysis.textcalls.TextCallParser#standard()} finds them in an assistant message's text:
 * {@code parse(text)} or {@code parse(text, knownToolNames)}. Each {@link dev.tracedeck.analysis.textcalls.TextToolCall}
 * says which syntax it was written in ({@link dev.tracedeck.analysis.textcalls.TextCallFormat#id()}: {@code hermes},
 * {@code llama3-json}, {@code mistral}, {@code pythonic}, {@code xml-tag}, {@code fenced}, {@code tool-call-block},
 * {@code function-json}, {@code function-tag}), the tool's name, the arguments as a
 * {@link dev.tracedeck.model.json.JsonValue} with how much of them could be read, their raw text, where the call
 * stands (UTF-16 offsets and code points), a confidence with its reasons, and what could not be recovered.
 *
 * <p>The package has no JSON library: a tolerant reader of its own reads what models write (Python dicts,
 * trailing commas, text cut off mid-value). Nothing here does I/O; everything is immutable or stateless.
 */
package dev.tracedeck.analysis.textcalls;
