#!/usr/bin/env python3
"""Verdict trials, step 2: forms comparisons from a launch pool (collect.sh) and counts how often the comparer's
verdicts are right, in both modes, for A/A, +10% and +20%.

    analyze.py --pool DIR --batch-dll PATH [--trials N] [--rounds K ...] [--seed S] [--out DIR]

Two pool layouts: launches.tsv (collect.sh: whole-slice out-of-process launches, P S10 P S20 ...) and rounds.tsv
(collect-rounds.sh: rounds of per-method in-process launches, base next to head, the head slowed at the round's
level), as made by the two protocols of the A/B runner (scripts/pr-report --interleave suite and method).

Every verdict comes from the real comparer (`merge`, then `compare --json`); this script only assigns launches to
sides and counts. Statistics are Perfolizer's, inside the comparer.

Modes, formed from the same pool so that they see the same machine at the same time:
- stored-baseline: the "baseline" is 3 consecutive plain launches, the "run" 3 consecutive launches of the level
  (plain, or slowed) made strictly later; pooled Mann-Whitney verdict (the only one that mode can have).
- A/B: K rounds; round r pairs a head launch with a plain launch next to it in time (ABBA: odd rounds take the plain
  launch before the head launch, even rounds the one after). Verdicts: pooled Mann-Whitney over the merged launches,
  and the paired verdict over rounds with each rule.
Trials drawn from one pool share launches, so they are not independent: the report gives the number of launches of
each kind beside every rate.
"""
import argparse
import hashlib
import itertools
import json
import os
import random
import subprocess
import sys

LEVELS = ["A/A", "+10%", "+20%"]
LEVEL_KIND = {"A/A": "P", "+10%": "S10", "+20%": "S20"}


def level_of(kind):
    return "A/A" if kind == "P" else "+%d%%" % int(kind[1:])


def read_rounds(pool):
    """Complete rounds of a rounds.tsv pool: every method launched on both sides, each with results."""
    rounds = {}
    with open(os.path.join(pool, "rounds.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            r = rounds.setdefault(int(row["round"]), {"kind": row["kind"], "ok": True, "launches": 0})
            r["launches"] += 1
            r["ok"] = r["ok"] and row["exit"] == "0" and int(row["json"]) > 0
    complete = max((r["launches"] for r in rounds.values()), default=0)
    result = []
    for number, r in sorted(rounds.items()):
        if not r["ok"] or r["launches"] < complete:
            continue
        name = "R%03d-%s" % (number, r["kind"])
        result.append({"round": number, "kind": r["kind"], "level": level_of(r["kind"]),
                       "base": os.path.join(pool, "launches", name, "base"),
                       "head": os.path.join(pool, "launches", name, "head")})
    return result


def round_trials(rounds, level, k, count, rng):
    """A/B trials of k rounds of the level: (base dirs, head dirs), rounds in time order."""
    mine = [r for r in rounds if r["level"] == level]
    if len(mine) < k:
        return []
    seen, trials = set(), []
    for _ in range(count * 20):
        combo = tuple(sorted(rng.sample(range(len(mine)), k)))
        if combo in seen:
            continue
        seen.add(combo)
        trials.append(([mine[i]["base"] for i in combo], [mine[i]["head"] for i in combo]))
        if len(trials) == count:
            break
    return trials


def round_stored_trials(rounds, level, count, rng, size=3):
    """Stored-baseline-like trials from a rounds pool: the base launches of `size` consecutive rounds against the head
    launches of `size` rounds of the level that all ran later (no pairing, as against a stored baseline)."""
    windows = [rounds[i:i + size] for i in range(0, len(rounds) - size + 1)]
    heads = [r for r in rounds if r["level"] == level]
    head_windows = [heads[i:i + size] for i in range(0, len(heads) - size + 1)]
    space = [(b, h) for b in windows for h in head_windows if h[0]["round"] > b[-1]["round"]]
    rng.shuffle(space)
    return [([r["base"] for r in b], [r["head"] for r in h]) for b, h in space[:count]]


def verdict_table(rows, levels, header):
    """Markdown rows of the trials table: one line per (mode, verdict, threshold), two cells per level."""
    lines = ["| mode | verdict | threshold | " + " | ".join(header(l) for l in levels) + " |",
             "|---|---|---|" + "---|---|" * len(levels)]
    keyed = {}
    for r in rows:
        keyed.setdefault((r["mode"], r["verdict"], r["threshold"]), {})[r["level"]] = r
    for (mode, verdict, threshold), by_level in keyed.items():
        cells = []
        for level in levels:
            r = by_level.get(level)
            if r is None or r["runs"] == 0:
                cells += ["n/a", "n/a"]
                continue
            cells.append("%d of %d%s" % (r["flagged"], r["comparisons"], " (%d Unknown)" % r["unknown"] if r["unknown"] else ""))
            cells.append("%d of %d" % (r["runs_flagged"], r["runs"]))
        lines.append("| %s | %s | %s | %s |" % (mode, verdict, threshold, " | ".join(cells)))
    return lines


def rule_options(rule):
    """'t@0.01' is the t rule at --paired-alpha 0.01."""
    name, _, alpha = rule.partition("@")
    return ["--paired-rule", name] + (["--paired-alpha", alpha] if alpha else [])


def read_pool(pool, first_seq=1, last_seq=10**9):
    launches = []
    with open(os.path.join(pool, "launches.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if int(row["json"]) == 0:
                continue
            seq = int(row["seq"])
            if not first_seq <= seq <= last_seq:
                continue
            row["seq"] = seq
            row["dir"] = os.path.join(pool, "launches", "L%03d-%s" % (seq, row["kind"]))
            # A launch whose child build failed (e.g. BenchmarkDotNet's build timeout) writes JSON without a single
            # measurement: it is a lost launch, not a data point.
            with open(os.path.join(pool, "logs", "L%03d-%s.log" % (seq, row["kind"])), errors="replace") as log:
                text = log.read()
            if "// Build Error" in text or "executed benchmarks: 0" in text:
                continue
            launches.append(row)
    return launches


class Comparer:
    def __init__(self, dll, work):
        self.dll = dll
        self.work = work
        self.cache_path = os.path.join(work, "cache.jsonl")
        self.cache = {}
        if os.path.exists(self.cache_path):
            with open(self.cache_path) as f:
                for line in f:
                    entry = json.loads(line)
                    self.cache[entry["key"]] = entry["value"]
        self.calls = 0
        self.host = None

    def run(self, args):
        """Runs one comparer command in the batch host (scripts/trials/ComparerBatch): same code, one process."""
        self.calls += 1
        if self.host is None:
            self.host = subprocess.Popen(["dotnet", self.dll], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.host.stdin.write(json.dumps(args) + "\n")
        self.host.stdin.flush()
        answer = json.loads(self.host.stdout.readline())
        return answer["code"], "", answer["error"]

    def merged(self, dirs):
        key = hashlib.sha1("|".join(dirs).encode()).hexdigest()[:16]
        out = os.path.join(self.work, "merged", key)
        if not os.path.isdir(out):
            code, _, err = self.run(["merge", "--inputs"] + dirs + ["--out", out + ".tmp"])
            if code != 0:
                raise RuntimeError("merge failed: " + err.strip().splitlines()[0] if err.strip() else "merge failed")
            os.replace(out + ".tmp", out)
        return out

    def compare(self, base_dirs, head_dirs, options):
        key = json.dumps([base_dirs, head_dirs, options])
        if key in self.cache:
            return self.cache[key]
        base = self.merged(base_dirs)
        head = self.merged(head_dirs)
        out = os.path.join(self.work, "compare.json")
        code, _, err = self.run(["compare", "--base", base, "--diff", head, "--json", out] + options)
        if code not in (0, 1):
            raise RuntimeError("compare failed: " + (err.strip().splitlines() or ["?"])[0])
        with open(out) as f:
            doc = json.load(f)
        value = [
            {
                "name": b["FullName"] if "FullName" in b else b["fullName"],
                "pooled": pick(b, "Pooled", "Verdict") or pick(b, "Verdict"),
                "paired": pick(b, "Paired", "Verdict"),
                "ratio": pick(b, "Ratio"),
            }
            for b in benchmarks_of(doc)
        ]
        self.cache[key] = value
        with open(self.cache_path, "a") as f:
            f.write(json.dumps({"key": key, "value": value}) + "\n")
        return value


def pick(obj, *path):
    """Reads a field whatever the JSON naming policy (PascalCase or camelCase)."""
    for name in path:
        if not isinstance(obj, dict):
            return None
        camel = name[0].lower() + name[1:]
        obj = obj.get(name, obj.get(camel))
    return obj


def benchmarks_of(doc):
    items = pick(doc, "Benchmarks") or []
    for b in items:
        yield {k[0].upper() + k[1:]: v for k, v in b.items()}


def ab_trials(launches, level, k, count, rng):
    """Lists of (base dir, head dir) per round; at most `count` distinct trials."""
    by_seq = {l["seq"]: l for l in launches}
    kind = LEVEL_KIND[level]
    if level == "A/A":
        plain = sorted(l["seq"] for l in launches if l["kind"] == "P")
        # Two fixed partitions into neighbouring pairs, so no launch is on both sides of one trial.
        partitions = [list(zip(plain[0::2], plain[1::2])), list(zip(plain[1::2], plain[2::2]))]
        candidates = []
        for pairs in partitions:
            if len(pairs) >= k:
                candidates.append(pairs)
        space = [(pi, combo) for pi, pairs in enumerate(candidates) for combo in itertools.combinations(range(len(pairs)), k)]
        rng.shuffle(space)
        trials = []
        for pi, combo in space[:count]:
            rounds = []
            for r, idx in enumerate(combo):
                a, b = candidates[pi][idx]
                # ABBA: odd rounds base first, even rounds head first.
                rounds.append((by_seq[a]["dir"], by_seq[b]["dir"]) if r % 2 == 0 else (by_seq[b]["dir"], by_seq[a]["dir"]))
            trials.append(rounds)
        return trials
    slowed = sorted(l["seq"] for l in launches if l["kind"] == kind)
    usable = [s for s in slowed if s - 1 in by_seq and s + 1 in by_seq
              and by_seq[s - 1]["kind"] == "P" and by_seq[s + 1]["kind"] == "P"]
    space = list(itertools.combinations(usable, k)) if len(usable) >= k else []
    rng.shuffle(space)
    trials = []
    for combo in space[:count]:
        rounds = []
        for r, s in enumerate(combo):
            neighbour = s - 1 if r % 2 == 0 else s + 1
            rounds.append((by_seq[neighbour]["dir"], by_seq[s]["dir"]))
        trials.append(rounds)
    return trials


def stored_trials(launches, level, count, rng, size=3):
    """(baseline dirs, run dirs): `size` consecutive plain launches, then `size` consecutive launches of the level
    that all started after the baseline's last one."""
    plain = sorted((l for l in launches if l["kind"] == "P"), key=lambda l: l["seq"])
    heads = sorted((l for l in launches if l["kind"] == LEVEL_KIND[level]), key=lambda l: l["seq"])
    base_windows = [plain[i:i + size] for i in range(0, len(plain) - size + 1)]
    head_windows = [heads[i:i + size] for i in range(0, len(heads) - size + 1)]
    space = [(b, h) for b in base_windows for h in head_windows if h[0]["seq"] > b[-1]["seq"]]
    rng.shuffle(space)
    return [([l["dir"] for l in b], [l["dir"] for l in h]) for b, h in space[:count]]


def tally(results, expect_slower):
    """results: list of per-trial lists of verdicts (strings). Returns counts per comparison and per suite run."""
    comparisons = flagged = runs = runs_flagged = unknown = 0
    for verdicts in results:
        decided = [v for v in verdicts if v not in ("New", "Missing", "Failed")]
        if not decided:
            continue
        runs += 1
        comparisons += len(decided)
        unknown += sum(1 for v in decided if v == "Unknown")
        if expect_slower:
            hits = sum(1 for v in decided if v == "Slower")
            flagged += hits
            # A uniform slowdown is flagged for the suite run when any benchmark is Slower (the check fails then).
            runs_flagged += 1 if hits else 0
        else:
            alarms = sum(1 for v in decided if v in ("Slower", "Faster"))
            flagged += alarms
            runs_flagged += 1 if alarms else 0
    return {"comparisons": comparisons, "flagged": flagged, "runs": runs, "runs_flagged": runs_flagged, "unknown": unknown}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pool", required=True)
    ap.add_argument("--batch-dll", required=True, help="the built scripts/trials/ComparerBatch")
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--rounds", type=int, nargs="+", default=[6])
    ap.add_argument("--thresholds", nargs="+", default=["5%"])
    ap.add_argument("--rules", nargs="+", default=["sign", "ci", "ci-significant", "t"])
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--out")
    ap.add_argument("--first-seq", type=int, default=1, help="use launches from this one on (e.g. a quieter stretch)")
    ap.add_argument("--last-seq", type=int, default=10**9)
    args = ap.parse_args()
    out = args.out or os.path.join(args.pool, "analysis")
    os.makedirs(out, exist_ok=True)
    if os.path.exists(os.path.join(args.pool, "rounds.tsv")):
        return analyze_rounds(args, out)
    launches = read_pool(args.pool, args.first_seq, args.last_seq)
    kinds = {k: sum(1 for l in launches if l["kind"] == k) for k in ("P", "S10", "S20")}
    comparer = Comparer(args.batch_dll, out)
    rows = score(args, comparer, LEVELS, "stored-baseline, 3 launches per side",
                 lambda level, rng: stored_trials(launches, level, args.trials, rng),
                 lambda level, k, rng: [([b for b, _ in t], [h for _, h in t]) for t in ab_trials(launches, level, k, args.trials, rng)])
    with open(os.path.join(out, "trials.json"), "w") as f:
        json.dump({"launches": kinds, "rows": rows}, f, indent=1)
    seqs = [l["seq"] for l in launches]
    lines = ["Pool: %d plain, %d at +10%%, %d at +20%% single-launch processes (one build), launches %d-%d." % (kinds["P"], kinds["S10"], kinds["S20"], min(seqs), max(seqs)),
             ""]
    lines += verdict_table(rows, LEVELS, lambda l: ("A/A false alarms: comparisons | A/A: suite runs" if l == "A/A"
                                                    else "%s caught: comparisons | %s: suite runs flagged" % (l, l)))
    with open(os.path.join(out, "trials.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def score(args, comparer, levels, stored_mode, stored_trials_of, ab_trials_of, per_case=None):
    """Asks the comparer for every trial's verdicts and tallies them: one row per (mode, verdict, threshold, level).
    stored_trials_of(level, rng) and ab_trials_of(level, k, rng) give (base dirs, head dirs) per trial; per_case, if
    given, collects each benchmark's paired verdicts."""
    rows = []
    for threshold in args.thresholds:
        for level in levels:
            expect = level != "A/A"
            trials = stored_trials_of(level, random.Random(args.seed))
            pooled = [[b["pooled"] for b in comparer.compare(base, head, ["--threshold", threshold])] for base, head in trials]
            rows.append({"mode": stored_mode, "verdict": "pooled MW", "threshold": threshold, "level": level, **tally(pooled, expect)})
            for k in args.rounds:
                trials = ab_trials_of(level, k, random.Random(args.seed * 100 + k))
                for i, rule in enumerate(args.rules):
                    verdicts = [comparer.compare(base, head, ["--threshold", threshold, "--paired"] + rule_options(rule))
                                for base, head in trials]
                    if i == 0:
                        rows.append({"mode": "A/B, %d rounds" % k, "verdict": "pooled MW", "threshold": threshold,
                                     "level": level, **tally([[b["pooled"] for b in v] for v in verdicts], expect)})
                    rows.append({"mode": "A/B, %d rounds" % k, "verdict": "paired " + rule, "threshold": threshold,
                                 "level": level, **tally([[b["paired"] for b in v] for v in verdicts], expect)})
                    for v in verdicts if per_case is not None else []:
                        for b in v:
                            cell = per_case.setdefault((threshold, k, rule, b["name"]), {}).setdefault(level, [0, 0])
                            cell[1] += 1
                            cell[0] += 1 if (b["paired"] == "Slower" if expect else b["paired"] in ("Slower", "Faster")) else 0
                print("done: %s %s k=%d (%d comparer calls so far)" % (threshold, level, k, comparer.calls), file=sys.stderr)
    return rows


def analyze_rounds(args, out):
    rounds = read_rounds(args.pool)
    levels = sorted({r["level"] for r in rounds}, key=lambda l: -1 if l == "A/A" else int(l[1:-1]))
    counts = {l: sum(1 for r in rounds if r["level"] == l) for l in levels}
    comparer = Comparer(args.batch_dll, out)
    per_case = {}
    rows = score(args, comparer, levels, "sequential (stored-baseline style), 3 rounds per side",
                 lambda level, rng: round_stored_trials(rounds, level, args.trials, rng),
                 lambda level, k, rng: round_trials(rounds, level, k, args.trials, rng), per_case)
    with open(os.path.join(out, "trials.json"), "w") as f:
        json.dump({"rounds": counts, "rows": rows,
                   "perCase": [{"threshold": t, "rounds": k, "rule": rule, "name": n, "levels": v}
                               for (t, k, rule, n), v in per_case.items()]}, f, indent=1)
    lines = ["Pool: %d complete rounds (%s) of one build; %d trials per cell, drawn from those rounds (trials share rounds, so they are not independent)."
             % (len(rounds), ", ".join("%d %s" % (counts[l], l) for l in levels), args.trials), ""]
    table = verdict_table(rows, levels, lambda l: "%s: comparisons | %s: suite runs" % (l, l))
    lines += table
    lines += ["", "A/A: false alarms (Slower or Faster); slowed levels: Slower. Per benchmark, paired verdicts:", "",
              "| threshold | rounds | rule | benchmark | " + " | ".join(levels) + " |", "|---|---|---|---|" + "---|" * len(levels)]
    for (t, k, rule, name), v in sorted(per_case.items()):
        lines.append("| %s | %d | %s | %s | %s |" % (t, k, rule, name.replace("FilePipes.Benchmarks.", ""),
                                                    " | ".join("%d/%d" % tuple(v.get(l, [0, 0])) for l in levels)))
    with open(os.path.join(out, "trials.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines[:len(table) + 2]))


if __name__ == "__main__":
    main()
