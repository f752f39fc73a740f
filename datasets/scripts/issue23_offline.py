#!/usr/bin/env python3
"""Offline fusion analyses of issue 23 (docs/RESULTS.md, "Session 10").

Reads the per-query TREC runs that `bin/recall4j eval --mode bm25-code,dense,hybrid,sqlite-fts5
--run-dir DIR/ROW` writes, fuses the engine's two paths (`bm25-code` and `dense`, depth 1,000) as
the engine does (min-max over the first 100 of each path, confidence weights, no dedup) and prints
one of:

  collections  per-collection statistics a query stream could accumulate, beside the best α
  feedback     dense pseudo-relevance feedback (RM3-style) for the lexical path, BM25 over the
               status quo's FTS5 tokens (its SQLite file in the eval cache)
  alpha        a finer α grid, with the paired standard error of the change against α 0.5
  learned      a per-query α from a logistic model on features of both lists (two folds)
  dedup        the status quo as run and with the engine's dedup replayed on its ranking, beside
               recall4j's `hybrid` (dedup replayed too, which must leave it unchanged)
  decompose    the classic collections' gap to the status quo by path: the same fusion of recall4j's
               lexical or the status quo's FTS5 list with recall4j's dense list

  python3 datasets/scripts/issue23_offline.py RUNS DATASETS EVAL_CACHE COMMAND

RUNS holds one folder per row (make them with `runs`, which prints the eval commands), DATASETS is
../shared/datasets, EVAL_CACHE is ~/.cache/recall4j/eval. A scratch tool for measurements, not
part of the engine: it reimplements the fusion to try variants the engine does not have.
"""
import collections
import glob
import gzip
import re
import json
import math
import os
import sqlite3
import statistics as st
import struct
import sys

# row: (run folder, dataset, qrels file, lexical query cut, LoCoMo level or None)
ROWS = {
    'cacm': ('cacm', 'cacm', 'test.tsv', None, None),
    'cranfield': ('cranfield', 'cranfield', 'test.tsv', None, None),
    'lisa': ('lisa', 'lisa', 'test.tsv', None, None),
    'scifact': ('scifact', 'scifact', 'test.tsv', None, None),
    'turns': ('locomo-turns', 'locomo', 'test.tsv', None, 'turns'),
    'sessions': ('locomo-sessions', 'locomo', 'test_sessions.tsv', None, 'sessions'),
    'obs': ('locomo-observations', 'locomo', 'test_observations.tsv', None, 'observations'),
    'half': ('scifact-first-half', 'scifact', 'test.tsv', 'first-half', None),
    'every2': ('scifact-every-second', 'scifact', 'test.tsv', 'every-second', None),
    'tr': ('scifact-train', 'scifact', 'train.tsv', None, None),
    'tr-half': ('scifact-train-first-half', 'scifact', 'train.tsv', 'first-half', None),
    'tr-every2': ('scifact-train-every-second', 'scifact', 'train.tsv', 'every-second', None),
}
LOCOMO = ('turns', 'sessions', 'obs')
TEST = ('cacm', 'cranfield', 'lisa', 'scifact', 'half', 'every2')
TRAIN = ('tr', 'tr-half', 'tr-every2')
GRID = [i / 10 for i in range(11)]


def runs_commands(runs, datasets):
    for row, (folder, dataset, qrels, cut, level) in ROWS.items():
        args = ['bin/recall4j', 'eval', '--dataset', f'{datasets}/{dataset}']
        if 'train' in qrels:
            args += ['--split', 'train']
        if cut:
            args += ['--diagnostic-lexical-query', cut]
        if level:
            args += ['--level', level]
        args += ['--mode', 'bm25-code,dense,hybrid,sqlite-fts5', '--budget', '256',
                 '--out', f'{runs}/{folder}/report.json', '--run-dir', f'{runs}/{folder}']
        print(' '.join(args))


def read_qrels(path):
    q = collections.defaultdict(dict)
    with open(path) as f:
        for i, line in enumerate(f):
            p = line.rstrip('\n').split('\t')
            if i == 0 and p[0] == 'query-id':
                continue
            if int(p[2]) > 0:
                q[p[0]][p[1]] = int(p[2])
    return q


def read_run(path, depth):
    r = collections.defaultdict(list)
    with open(path) as f:
        for line in f:
            qid, _, doc, _, score, _ = line.split()
            r[qid].append((float(score), doc))
    return {q: sorted(v, key=lambda x: (-x[0], x[1]))[:depth] for q, v in r.items()}


def ndcg(ranked, rel, k=10):
    """trec_eval's ndcg_cut: the judgment is the gain (Cranfield grades 1-4)."""
    dcg = sum(rel.get(d, 0) / math.log2(i + 2) for i, d in enumerate(ranked[:k]))
    ideal = sorted(rel.values(), reverse=True)[:k]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


class Row:
    def __init__(self, runs, datasets, name, depth=100):
        folder, dataset, qrels, cut, level = ROWS[name]
        self.name, self.dataset, self.cut = name, dataset, cut
        self.base = base = f'{runs}/{folder}'
        self.lexical = read_run(glob.glob(base + '/*.bm25-code.trec')[0], depth)
        self.vector = read_run(glob.glob(base + '/*.dense.trec')[0], depth)
        self.qrels = read_qrels(f'{datasets}/{dataset}/qrels/{qrels}')
        self.queries = [q for q in self.qrels if q in self.lexical or q in self.vector]

    def lists(self, q):
        return self.lexical.get(q, []), self.vector.get(q, [])

    def mean(self, f):
        return sum(f(q) for q in self.queries) / len(self.queries)


def minmax(hits):
    if not hits:
        return {}
    top, bottom = hits[0][0], hits[-1][0]
    return {d: 1.0 if top == bottom else (s - bottom) / (top - bottom) for s, d in hits}


def top_z(hits):
    scores = [s for s, _ in hits]
    if len(scores) < 2:
        return float('nan')
    sd = st.stdev(scores)
    return (scores[0] - st.mean(scores)) / sd if sd > 0 else float('nan')


def confident_weight(lexical, vector, alpha):
    """The engine's ConvexFusion: α re-weighed by the z-score of each path's best hit."""
    zl, zv = top_z(lexical), top_z(vector)
    if not (zl > 0 and zv > 0):
        return alpha
    return alpha * zv / (alpha * zv + (1 - alpha) * zl)


def fuse(lists):
    """Convex fusion of min-max scores: lists = [(hits, the path's weight)]."""
    fused = collections.defaultdict(float)
    for hits, share in lists:
        for d, x in minmax(hits).items():
            fused[d] += share * x
    return [d for d, _ in sorted(fused.items(), key=lambda x: (-x[1], x[0]))]


def fused_ndcg(row, q, alpha=0.5, weight=None):
    lexical, vector = row.lists(q)
    w = confident_weight(lexical, vector, alpha) if weight is None else weight
    return ndcg(fuse([(lexical, 1 - w), (vector, w)]), row.qrels[q])


def rates(judge, hits, k=10):
    """Mean min-max score that `judge` gives the first k of `hits` (0 for one it did not return)."""
    norm = minmax(judge)
    return sum(norm.get(d, 0.0) for _, d in hits[:k]) / len(hits[:k])


def top10_overlap(a, b):
    return len({d for _, d in a[:10]} & {d for _, d in b[:10]}) / 10


def collections_table(rows):
    print('| collection | BM25 top z | dense top z | top-10 overlap | dense rates BM25 top 10 '
          '| BM25 rates dense top 10 | best confidence α |')
    for row in rows:
        qs = [q for q in row.queries if len(row.lexical.get(q, [])) > 1 and q in row.vector]
        zl = st.median(top_z(row.lexical[q]) for q in qs)
        zv = st.median(top_z(row.vector[q]) for q in qs)
        overlap = st.mean(top10_overlap(row.lexical[q], row.vector[q]) for q in qs)
        dense_rates = st.mean(rates(row.vector[q], row.lexical[q]) for q in qs)
        bm25_rates = st.mean(rates(row.lexical[q], row.vector[q]) for q in qs)
        best = max(GRID[3:9], key=lambda a: round(row.mean(lambda q: fused_ndcg(row, q, a)), 4))
        print(f'| {row.name} | {zl:.2f} | {zv:.2f} | {overlap:.2f} | {dense_rates:.3f} | '
              f'{bm25_rates:.3f} | {best} |')


def alpha_table(rows):
    for row in rows:
        base = {q: fused_ndcg(row, q, 0.5) for q in row.queries}
        cells = []
        for a in (0.5, 0.525, 0.55, 0.575, 0.6):
            diff = [fused_ndcg(row, q, a) - base[q] for q in row.queries]
            se = st.stdev(diff) / len(diff) ** 0.5
            cells.append(f'{a}: {st.mean(base.values()) + st.mean(diff):.4f} '
                         f'({st.mean(diff):+.4f} ± {se:.4f}, worst query {min(diff):+.3f})')
        print(row.name, ' | '.join(cells))


# --- dense pseudo-relevance feedback over the status quo's FTS5 tokens -------------------------

STOP = set('a an and are as at be but by for if in into is it no not of on or such that the their '
           'then there these they this to was will with'.split())


class Fts5Bm25:
    """BM25 (k1 0.9, b 0.4, Lucene's idf) over the tokens of the status quo's FTS5 table."""

    def __init__(self, sqlite_file):
        c = sqlite3.connect(sqlite_file)
        self.c = c
        c.execute("CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, 'docs_fts', 'instance')")
        tf = collections.defaultdict(collections.Counter)
        for term, doc in c.execute('SELECT term, doc FROM temp.v'):
            if term not in STOP:
                tf[doc][term] += 1
        self.ids = dict(c.execute('SELECT rowid, id FROM docs'))
        self.rowid = {v: k for k, v in self.ids.items()}
        self.namespace = dict(c.execute('SELECT rowid, namespace FROM docs'))
        self.tf = tf
        self.n = len(self.ids)
        self.length = {d: sum(t.values()) for d, t in tf.items()}
        self.avg = sum(self.length.values()) / self.n
        self.df = collections.Counter()
        self.postings = collections.defaultdict(list)
        for d, terms in tf.items():
            for term, n in terms.items():
                self.df[term] += 1
                self.postings[term].append((d, n))
        c.execute("CREATE VIRTUAL TABLE temp.qt USING fts5(body, "
                  "tokenize = 'porter unicode61 remove_diacritics 2')")
        c.execute("CREATE VIRTUAL TABLE temp.qv USING fts5vocab(temp, 'qt', 'instance')")

    def tokens(self, text):
        self.c.execute('DELETE FROM temp.qt')
        self.c.execute('INSERT INTO temp.qt(body) VALUES (?)', (text,))
        return collections.Counter(t for (t,) in self.c.execute('SELECT term FROM temp.qv')
                                   if t not in STOP)

    def idf(self, term):
        n = self.df.get(term, 0)
        return math.log(1 + (self.n - n + 0.5) / (n + 0.5)) if n else 0.0

    def search(self, weights, namespace=None, k1=0.9, b=0.4, depth=100):
        scores = collections.defaultdict(float)
        for term, w in weights.items():
            idf = self.idf(term) * w
            for d, f in self.postings.get(term, ()):
                if namespace is None or self.namespace[d] == namespace:
                    scores[d] += idf * f / (f + k1 * (1 - b + b * self.length[d] / self.avg))
        best = sorted(scores.items(), key=lambda x: (-x[1], self.ids[x[0]]))[:depth]
        return [(s, self.ids[d]) for d, s in best]

    def expand(self, weights, feedback_ids, terms, query_share):
        """RM3-style: the query's own weights, plus the best tf/length × idf terms of the texts."""
        found = collections.Counter()
        for doc in feedback_ids:
            d = self.rowid.get(doc)
            if d is None:
                continue
            for t, n in self.tf[d].items():
                found[t] += n / (self.length[d] or 1) * self.idf(t)
        total = sum(weights.values())
        out = collections.Counter({t: query_share * v / total for t, v in weights.items()})
        best = found.most_common(terms)
        z = sum(v for _, v in best) or 1.0
        for t, v in best:
            out[t] += (1 - query_share) * v / z
        return out


def status_quo_file(cache, row):
    """The status quo's SQLite file of the row's corpus: the one holding the run's documents."""
    sample = {d for hits in list(row.lexical.values())[:20] for _, d in hits[:5]}
    for path in glob.glob(f'{cache}/index/*/baseline.sqlite'):
        c = sqlite3.connect(path)
        try:
            marks = ','.join('?' * len(sample))
            n = c.execute(f'SELECT count(*) FROM docs WHERE id IN ({marks})',
                          list(sample)).fetchone()[0]
        except sqlite3.OperationalError:  # a file whose build was cut short: no table yet
            n = 0
        finally:
            c.close()
        if n == len(sample):
            return path
    raise SystemExit(f'{row.name}: no status quo SQLite file in {cache} holds its documents; '
                     f'run the eval with the sqlite-fts5 mode once')


def cut_query(text, cut):
    words = text.split()
    if cut == 'first-half':
        return ' '.join(words[:(len(words) + 1) // 2])
    if cut == 'every-second':
        return ' '.join(words[::2])
    return text


def feedback_table(rows, datasets, cache, docs=3, terms=20, query_share=0.7):
    for row in rows:
        bm25 = Fts5Bm25(status_quo_file(cache, row))
        texts = {}
        with open(f'{datasets}/{row.dataset}/queries.jsonl') as f:
            for line in f:
                j = json.loads(line)
                if j['_id'] in row.qrels:
                    texts[j['_id']] = (cut_query(j['text'], row.cut), j.get('conv_id'))
        spaces = set(bm25.namespace.values())
        sums = collections.Counter()
        for q, (text, conv) in texts.items():
            namespace = next(n for n in spaces if conv in n) if conv else None
            weights = bm25.tokens(text)
            vector = row.vector.get(q, [])
            plain = bm25.search(weights, namespace)
            expanded = bm25.search(
                bm25.expand(weights, [d for _, d in vector[:docs]], terms, query_share), namespace)
            w = confident_weight(plain, vector, 0.5)
            rel = row.qrels[q]
            sums['plain alone'] += ndcg([d for _, d in plain], rel)
            sums['plain fused'] += ndcg(fuse([(plain, 1 - w), (vector, w)]), rel)
            sums['feedback alone'] += ndcg([d for _, d in expanded], rel)
            we = confident_weight(expanded, vector, 0.5)
            sums['feedback fused'] += ndcg(fuse([(expanded, 1 - we), (vector, we)]), rel)
            sums['third path'] += ndcg(
                fuse([(plain, (1 - w) * 0.75), (expanded, (1 - w) * 0.25), (vector, w)]), rel)
        print(row.name, ' | '.join(f'{k} {v / len(texts):.4f}' for k, v in sums.items()))


# --- a learned per-query α -----------------------------------------------------------------------

def features(lexical, vector):
    if len(lexical) < 2 or len(vector) < 2:
        return None
    zl, zv = top_z(lexical), top_z(vector)
    overlap = top10_overlap(lexical, vector)
    return [math.log(max(zl, 0.1) / max(zv, 0.1)), zl, zv, rates(lexical, vector),
            rates(vector, lexical), overlap, vector[0][0],
            vector[0][0] - vector[min(9, len(vector) - 1)][0],
            (lexical[0][0] - lexical[min(9, len(lexical) - 1)][0]) / lexical[0][0]]


def learned_table(rows):
    table = {}
    for row in rows:
        out = []
        for q in row.queries:
            lexical, vector = row.lists(q)
            x = features(lexical, vector)
            if x is not None:
                out.append((q, x, [fused_ndcg(row, q, weight=w) for w in GRID],
                            fused_ndcg(row, q, 0.5)))
        table[row.name] = out
    conversations = sorted({q.split(':')[0] for q, *_ in table['turns']})
    for fold in (0, 1):
        fitted = {c for i, c in enumerate(conversations) if i % 2 == fold}
        train = {n: [r for r in table[n] if n not in LOCOMO or r[0].split(':')[0] in fitted]
                 for n in TRAIN + LOCOMO}
        held = {n: [r for r in table[n] if r[0].split(':')[0] not in fitted] for n in LOCOMO}
        xs = [x for n in train for _, x, _, _ in train[n]]
        mu = [st.mean(c) for c in zip(*xs)]
        sd = [st.pstdev(c) or 1.0 for c in zip(*xs)]

        def alpha(x, w):
            s = w[0] + sum(wi * (xi - m) / s_ for wi, xi, m, s_ in zip(w[1:], x, mu, sd))
            return 1 / (1 + math.exp(-s))

        def at(grid, a):
            p = a * 10
            i = min(int(p), 9)
            return grid[i] * (1 - (p - i)) + grid[i + 1] * (p - i)

        def score(data, w):
            return sum(at(g, alpha(x, w)) for _, x, g, _ in data) / len(data)

        def objective(w):
            return st.mean(score(train[n], w) for n in train)

        best = [0.0] * (len(mu) + 1)
        best_value = objective(best)
        for _ in range(6):  # coordinate search: a handful of passes converges here
            for j in range(len(best)):
                for step in (2, 1, 0.5, 0.25, 0.1, -0.1, -0.25, -0.5, -1, -2):
                    w = best[:]
                    w[j] += step
                    value = objective(w)
                    if value > best_value + 1e-6:
                        best, best_value = w, value
        print(f'fold {fold + 1}: weights {[round(x, 2) for x in best]}')
        for group, data in (('train', train), ('held out', held),
                            ('test', {n: table[n] for n in TEST})):
            for n, d in data.items():
                print(f'  {group} {n}: learned {score(d, best):.4f}, '
                      f'default {st.mean(c for *_, c in d):.4f}')


# --- the status quo with the engine's dedup ----------------------------------------------------

def corpus_file(datasets, dataset, level):
    name = {'sessions': 'corpus_sessions',
            'observations': 'corpus_observations'}.get(level, 'corpus')
    plain = f'{datasets}/{dataset}/{name}.jsonl'
    return plain if os.path.exists(plain) else plain + '.gz'


def dedup_table(rows, datasets, cache):
    """Replays ranking.Dedup's defaults (same content, token Jaccard > 0.8, cosine > 0.95 of the
    records' first vectors) on each fused run, keeping the better-ranked of a pair."""
    for row in rows:
        _, dataset, _, _, level = ROWS[row.name]
        path = corpus_file(datasets, dataset, level)
        content, tokens = {}, {}
        with (gzip.open(path, 'rt') if path.endswith('.gz') else open(path)) as f:
            for line in f:
                d = json.loads(line)
                text = (d.get('title', '') + '\n' + d.get('text', '')).strip()
                content[d['_id']] = text
                tokens[d['_id']] = set(re.findall(r'[^\W_]+', text.lower()))
        c = sqlite3.connect(status_quo_file(cache, row))
        unit = {}
        for doc, blob in c.execute('SELECT id, vector FROM docs WHERE vector IS NOT NULL'):
            v = [x[0] for x in struct.iter_unpack('<f', blob)]
            norm = math.sqrt(sum(x * x for x in v))
            unit[doc] = [x / norm for x in v]
        c.close()

        def same(a, b):
            if content.get(a) == content.get(b):
                return True
            ta, tb = tokens.get(a, set()), tokens.get(b, set())
            if ta and tb and len(ta & tb) / len(ta | tb) > 0.8:
                return True
            return a in unit and b in unit and sum(x * y for x, y in zip(unit[a], unit[b])) > 0.95

        def deduplicated(ranked):
            kept = []
            for d in ranked:
                if not any(same(d, k) for k in kept):
                    kept.append(d)
                if len(kept) == 10:
                    break
            return kept

        cells = []
        for mode in ('hybrid', 'sqlite-fts5'):
            run = read_run(glob.glob(f'{row.base}/*.{mode}.trec')[0], 100)
            as_run = row.mean(lambda q: ndcg([d for _, d in run.get(q, [])], row.qrels[q]))
            replayed = row.mean(
                lambda q: ndcg(deduplicated([d for _, d in run.get(q, [])]), row.qrels[q]))
            cells.append(f'{mode} as run {as_run:.4f}, with dedup {replayed:.4f}')
        print(row.name, ' | '.join(cells))


def fts5_lists(row, datasets, cache, depth=100):
    """The status quo's own FTS5 query (every word quoted, joined by OR), best first."""
    c = sqlite3.connect(status_quo_file(cache, row))
    out = {}
    with open(f'{datasets}/{row.dataset}/queries.jsonl') as f:
        for line in f:
            j = json.loads(line)
            if j['_id'] not in row.qrels:
                continue
            words = re.findall(r'[^\W_]+', j['text'])
            match = ' OR '.join(f'"{w}"' for w in words)
            hits = c.execute('SELECT d.id, bm25(docs_fts) AS s FROM docs_fts JOIN docs d '
                             'ON d.rowid = docs_fts.rowid WHERE docs_fts MATCH ? '
                             'ORDER BY s, d.id LIMIT ?', (match, depth)).fetchall()
            out[j['_id']] = [(-s, d) for d, s in hits]
    c.close()
    return out


def decompose_table(rows, datasets, cache):
    for row in rows:
        fts5 = fts5_lists(row, datasets, cache)
        status_quo = read_run(glob.glob(f'{row.base}/*.sqlite-fts5.trec')[0], 100)
        hybrid = read_run(glob.glob(f'{row.base}/*.hybrid.trec')[0], 100)

        def fused(lexical, q):
            vector = row.vector.get(q, [])
            w = confident_weight(lexical, vector, 0.5)
            return ndcg(fuse([(lexical, 1 - w), (vector, w)]), row.qrels[q])

        cells = {
            'FTS5 alone': row.mean(lambda q: ndcg([d for _, d in fts5.get(q, [])], row.qrels[q])),
            'recall4j lexical + dense, no dedup': row.mean(
                lambda q: fused(row.lexical.get(q, []), q)),
            'FTS5 + recall4j dense, no dedup': row.mean(lambda q: fused(fts5.get(q, []), q)),
            'status quo as run': row.mean(
                lambda q: ndcg([d for _, d in status_quo.get(q, [])], row.qrels[q])),
            'recall4j hybrid (dedup)': row.mean(
                lambda q: ndcg([d for _, d in hybrid.get(q, [])], row.qrels[q])),
        }
        print(row.name, ' | '.join(f'{k} {v:.4f}' for k, v in cells.items()))


def main(argv):
    if len(argv) != 5:
        raise SystemExit(__doc__)
    runs, datasets, cache, command = argv[1:]
    cache = os.path.expanduser(cache)
    classic = ('cacm', 'cranfield', 'lisa')
    # command: (the rows it reads, what it prints from them)
    commands = {
        'collections': (tuple(ROWS), collections_table),
        'alpha': (('cacm', 'lisa', 'half', 'tr', 'turns'), alpha_table),
        'feedback': (('tr', 'tr-half', 'tr-every2', 'cacm', 'lisa', 'turns'),
                     lambda rows: feedback_table(rows, datasets, cache)),
        'learned': (TRAIN + LOCOMO + TEST, learned_table),
        'decompose': (classic, lambda rows: decompose_table(rows, datasets, cache)),
        'dedup': (classic + ('scifact',) + LOCOMO, lambda rows: dedup_table(rows, datasets, cache)),
    }
    if command == 'runs':
        return runs_commands(runs, datasets)
    if command not in commands:
        raise SystemExit(f'command: must be runs or one of {", ".join(commands)}, got {command}')
    names, table = commands[command]
    table([Row(runs, datasets, n) for n in names])


if __name__ == '__main__':
    main(sys.argv)
