#!/usr/bin/env python3
"""An independent sum of what trace files' model calls cost, to hold `tracedeck cost --json` to.

It shares no code with Tracedeck: it reads the trace files itself (Claude Code sessions and project folders, Codex
rollouts, single Anthropic Messages, OpenAI Chat Completions and Responses bodies) and prices their usage with the
same bundled genai-prices table, by that table's rules: every count a total of its kind, each priced kind's bucket its
count less its finer priced kinds, a tier applying to the whole call once its whole input passes the tier's start,
dated prices by the call's time, each bucket's dollars rounded half-even to the micro-dollar.

    scripts/cost_check.py [--tracedeck CMD] FILE_OR_FOLDER...

prints, per file, both totals in micro-dollars and whether they agree, and exits 1 when one does not. A file in a
format this does not read, or whose usage it finds none of, is listed as not checked.
"""
import argparse
import datetime as dt
import decimal
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TABLES = os.path.join(HERE, '..', 'analysis', 'src', 'main', 'resources', 'dev', 'tracedeck', 'analysis', 'cost')
D = decimal.Decimal


def load_table():
    with open(os.path.join(TABLES, 'genai-prices.json')) as f:
        providers = json.load(f)
    with open(os.path.join(TABLES, 'genai-prices-units.json')) as f:
        units = json.load(f)
    by_price_key = {u['price_key']: (key, u['per'], u['dimensions']) for key, u in units.items()}
    return providers, by_price_key


def matches(rule, name):
    (kind, value), = rule.items()
    low = name.lower()
    if kind == 'equals':
        return low == value.lower()
    if kind == 'starts_with':
        return low.startswith(value.lower())
    if kind == 'ends_with':
        return low.endswith(value.lower())
    if kind == 'contains':
        return value.lower() in low
    if kind == 'regex':
        return re.search(value, name) is not None
    if kind == 'or':
        return any(matches(r, name) for r in value)
    if kind == 'and':
        return all(matches(r, name) for r in value)
    raise ValueError(kind)


DATE = re.compile(r'-(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=-|:|$)')


def find_row(providers, model):
    name = model.strip().lower()

    def in_provider(p, n, fallback=True):
        for m in p['models']:
            if matches(m['match'], n):
                return m
        if fallback:
            for pid in p.get('fallback_model_providers') or []:
                other = next((q for q in providers if q['id'] == pid), None)
                found = other and in_provider(other, n, False)
                if found:
                    return found
        return None

    def try_names(p, n):
        return in_provider(p, n) or (in_provider(p, DATE.sub(r'-\1-\2-\3', n)) if DATE.search(n) else None)

    def by_model_match(n):
        for p in providers:
            if p.get('model_match') and matches(p['model_match'], n):
                return try_names(p, n)
        return None

    if not name:
        return None
    if '/' in name:
        prefix, rest = name.split('/', 1)
        named = next((p for p in providers if p['id'] == prefix), None) or next(
            (p for p in providers if p.get('provider_match') and matches(p['provider_match'], prefix)), None)
        if named and try_names(named, rest):
            return try_names(named, rest)
        return by_model_match(name) or find_row(providers, rest)
    return by_model_match(name)


def active_prices(row, when):
    prices = row['prices']
    if isinstance(prices, dict):
        return prices
    now = when or dt.datetime.now(dt.timezone.utc)
    for p in reversed(prices):
        c = p.get('constraint')
        if not c:
            return p['prices']
        if 'start_date' in c and now >= dt.datetime.fromisoformat(c['start_date']).replace(tzinfo=dt.timezone.utc):
            return p['prices']
        if 'start_time' in c and when is not None:
            t = when.time()
            start = dt.time.fromisoformat(c['start_time'].rstrip('Z'))
            end = dt.time.fromisoformat(c['end_time'].rstrip('Z'))
            if (start <= t < end) if start <= end else (t >= start or t < end):
                return p['prices']
    return prices[0]['prices']


def micro(usage, prices, units):
    """usage: genai-prices usage keys, each a total of its kind."""
    priced = [(k, units[k]) for k in prices if k in units]
    priced.sort(key=lambda e: (-len(e[1][2]), e[1][0]))
    leaves = {}
    for key, (ukey, per, dims) in priced:
        finer = sum(leaves[u2] for k2, (u2, _, d2) in priced
                    if len(d2) > len(dims) and all(d2.get(a) == b for a, b in dims.items()))
        leaves[ukey] = max(0, usage.get(ukey, 0) - finer)
    total = 0
    for key, (ukey, per, dims) in priced:
        count = leaves[ukey]
        if not count:
            continue
        price = prices[key]
        if isinstance(price, dict):
            rate = price['base']
            for tier in price['tiers']:
                if usage['input_tokens'] > tier['start']:
                    rate = tier['price']
        else:
            rate = price
        value = D(count) * D(str(rate)) * D(1_000_000) / D(per)
        total += int(value.quantize(D(1), rounding=decimal.ROUND_HALF_EVEN))
    return total


def anthropic_usage(u):
    cc = u.get('cache_creation') or {}
    hour = cc.get('ephemeral_1h_input_tokens') or 0
    write = max(u.get('cache_creation_input_tokens') or 0, (cc.get('ephemeral_5m_input_tokens') or 0) + hour)
    read = u.get('cache_read_input_tokens') or 0
    return {'input_tokens': (u.get('input_tokens') or 0) + write + read, 'cache_read_tokens': read,
            'cache_write_tokens': write, 'cache_write_1h_tokens': hour, 'cache_write_5m_tokens': write - hour,
            'output_tokens': u.get('output_tokens') or 0, 'requests': 1}


def openai_usage(u):
    if 'prompt_tokens' in u:
        i, o = u.get('prompt_tokens_details') or {}, u.get('completion_tokens_details') or {}
        return {'input_tokens': u['prompt_tokens'], 'cache_read_tokens': i.get('cached_tokens') or 0,
                'input_audio_tokens': i.get('audio_tokens') or 0, 'output_tokens': u.get('completion_tokens') or 0,
                'output_reasoning_tokens': o.get('reasoning_tokens') or 0,
                'output_audio_tokens': o.get('audio_tokens') or 0, 'requests': 1}
    i, o = u.get('input_tokens_details') or {}, u.get('output_tokens_details') or {}
    cached = u['cached_input_tokens'] if 'cached_input_tokens' in u else i.get('cached_tokens') or 0
    reasoning = u['reasoning_output_tokens'] if 'reasoning_output_tokens' in u else o.get('reasoning_tokens') or 0
    return {'input_tokens': u.get('input_tokens') or 0, 'cache_read_tokens': cached,
            'output_tokens': u.get('output_tokens') or 0, 'output_reasoning_tokens': reasoning,
            'input_audio_tokens': i.get('audio_tokens') or 0, 'output_audio_tokens': o.get('audio_tokens') or 0,
            'requests': 1}


def when(text):
    try:
        return dt.datetime.fromisoformat(text.replace('Z', '+00:00')) if text else None
    except ValueError:
        return None


def calls_of(path):
    """(model, usage, time, id) of each call the file records; None for a format this does not read."""
    if os.path.isdir(path):
        out = []
        for root, _, names in sorted(os.walk(path)):
            for n in sorted(names):
                if n.endswith('.jsonl'):
                    out += calls_of(os.path.join(root, n)) or []
        return out
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    try:
        whole = json.loads(text)
    except ValueError:
        whole = None
    if isinstance(whole, dict) and isinstance(whole.get('usage'), dict):
        u = whole['usage']
        if whole.get('type') == 'message':
            return [(whole.get('model', ''), anthropic_usage(u), None, whole.get('id', ''))]
        if whole.get('object') in ('chat.completion', 'response'):
            return [(whole.get('model', ''), openai_usage(u), None, whole.get('id', ''))]
    if whole is not None:
        return None
    records = []
    for line in text.splitlines():
        try:
            records.append(json.loads(line))
        except ValueError:
            pass
    if any(r.get('type') == 'session_meta' for r in records if isinstance(r, dict)):
        out, model, last_total = [], '', None
        for r in records:
            p = r.get('payload') or {}
            if r.get('type') == 'turn_context' and isinstance(p.get('model'), str):
                model = p['model']
            if r.get('type') == 'event_msg' and p.get('type') == 'token_count':
                info = p.get('info') or {}
                total = info.get('total_token_usage')
                repeated = total is not None and total == last_total
                last_total = total
                if isinstance(info.get('last_token_usage'), dict) and not repeated:
                    out.append((model, openai_usage(info['last_token_usage']), when(r.get('timestamp')), ''))
        return out
    by_id, order = {}, []
    for r in records:
        if not isinstance(r, dict) or r.get('type') != 'assistant':
            continue
        m = r.get('message') or {}
        if not isinstance(m.get('usage'), dict) or str(m.get('model', '')).startswith('<'):
            continue
        key = m.get('id') or ('line', len(order))
        call = (m.get('model', ''), anthropic_usage(m['usage']), when(r.get('timestamp')), m.get('id', ''))
        if key not in by_id:
            order.append(key)
            by_id[key] = call
        else:
            old = by_id[key]
            size = lambda c: c[1]['input_tokens'] + c[1]['output_tokens']
            if size(call) >= size(old):
                by_id[key] = (old[0], call[1], old[2], old[3])
    return [by_id[k] for k in order] or None


def independent_total(path, providers, units):
    calls = calls_of(path)
    if calls is None:
        return None
    total, unpriced = 0, 0
    for model, usage, at, _ in calls:
        row = find_row(providers, model)
        if row is None:
            unpriced += 1
        else:
            total += micro(usage, active_prices(row, at), units)
    return total, len(calls), unpriced


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--tracedeck', default=os.path.join(HERE, '..', 'tracedeck'),
                    help='the command that runs tracedeck (default: ./tracedeck)')
    ap.add_argument('files', nargs='+')
    args = ap.parse_args()
    providers, units = load_table()
    disagree = 0
    print(f"{'file':66} {'calls':>5} {'independent µ$':>15} {'tracedeck µ$':>15}  agree")
    for path in args.files:
        mine = independent_total(path, providers, units)
        if mine is None or mine[1] == 0:
            print(f'{os.path.basename(path.rstrip("/")):66} not checked: no usage this script reads')
            continue
        run = subprocess.run(shlex.split(args.tracedeck) + ['cost', '--json', '--no-workspace', path],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f'{os.path.basename(path):66} tracedeck cost failed: {run.stderr.strip()}')
            disagree += 1
            continue
        theirs = json.loads(run.stdout)['total']
        same = (theirs['microdollars'], theirs['calls'], theirs['unpricedCalls']) == mine
        disagree += not same
        print(f'{os.path.basename(path.rstrip("/")):66} {mine[1]:>5} {mine[0]:>15,} {theirs["microdollars"]:>15,}  '
              + ('yes' if same else f'NO (tracedeck: {theirs["calls"]} calls, {theirs["unpricedCalls"]} unpriced;'
                                     f' here: {mine[1]} calls, {mine[2]} unpriced)'))
    sys.exit(1 if disagree else 0)


if __name__ == '__main__':
    main()
