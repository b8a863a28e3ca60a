// A two-turn weather agent instrumented with the OpenTelemetry JS SDK, sending its spans with the SDK's own OTLP/HTTP
// exporter, as an agent under test would. It models no LLM: the point is the spans' shape on the wire, written with
// the GenAI semantic conventions (gen_ai.input.messages / gen_ai.output.messages, execute_tool spans).
//
//   node agent.js json|proto clean|orphaned   (endpoint: OTEL_EXPORTER_OTLP_ENDPOINT, default http://localhost:4318)
//
// "orphaned" drops the second tool's result, so the run breaks one invariant: a tool call left without its result.
const { BasicTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { resourceFromAttributes } = require('@opentelemetry/resources');
const { SpanKind } = require('@opentelemetry/api');

const protocol = process.argv[2] === 'proto' ? 'proto' : 'json';
const orphaned = process.argv[3] === 'orphaned';
const { OTLPTraceExporter } = require(protocol === 'proto'
  ? '@opentelemetry/exporter-trace-otlp-proto' : '@opentelemetry/exporter-trace-otlp-http');
const endpoint = (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || 'http://localhost:4318').replace(/\/$/, '');
const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'weather-agent' }),
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: endpoint + '/v1/traces' }),
    { scheduledDelayMillis: 200 })],
});
const tracer = provider.getTracer('weather-agent', '1.0.0');
const conversation = `weather-${protocol}-${orphaned ? 'orphaned' : 'clean'}`;
const pause = ms => new Promise(resolve => setTimeout(resolve, ms));

function chat(input, output) {
  tracer.startSpan('chat gpt-4o', { kind: SpanKind.CLIENT, attributes: {
    'gen_ai.operation.name': 'chat', 'gen_ai.system': 'openai', 'gen_ai.request.model': 'gpt-4o',
    'gen_ai.conversation.id': conversation,
    'gen_ai.usage.input_tokens': 40 + 12 * input.length, 'gen_ai.usage.output_tokens': 24,
    'gen_ai.input.messages': JSON.stringify(input), 'gen_ai.output.messages': JSON.stringify(output) } }).end();
}

function tool(name, id) {
  tracer.startSpan(`execute_tool ${name}`, { kind: SpanKind.INTERNAL, attributes: {
    'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': name, 'gen_ai.tool.call.id': id,
    'gen_ai.conversation.id': conversation } }).end();
}

(async () => {
  const question = { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris and Lisbon?' }] };
  const calls = { role: 'assistant', finish_reason: 'tool_calls', parts: [
    { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
    { type: 'tool_call', id: 'call_2', name: 'get_weather', arguments: { city: 'Lisbon' } }] };
  chat([question], [calls]);
  await pause(300);
  tool('get_weather', 'call_1');
  tool('get_weather', 'call_2');
  await pause(300);
  const results = [{ role: 'tool', parts: [{ type: 'tool_call_response', id: 'call_1', response: '18 °C, cloudy' }] }];
  if (!orphaned) {
    results.push({ role: 'tool', parts: [{ type: 'tool_call_response', id: 'call_2', response: '24 °C, sunny' }] });
  }
  const followUp = { role: 'user', parts: [{ type: 'text', content: 'Thanks! And tomorrow?' }] };
  const answer = { role: 'assistant', finish_reason: 'stop', parts: [{ type: 'text', content: 'Paris 17 °C, Lisbon 25 °C.' }] };
  chat([question, calls, ...results, followUp], [answer]);
  await provider.shutdown();  // flushes the batch
  console.log(`sent ${conversation} (${protocol})`);
})();
