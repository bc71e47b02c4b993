#!/usr/bin/env python3
"""How good are catan-eval's win probabilities? The judge of docs/catan-eval.md "Accuracy
against real outcomes".

Over real recorded games with a known winner, each player's forecast win probability at 25%,
50% and 75% of the game's turns (`catan-eval --format json --turns 25%,50%,75%`) is scored
against who won: the Brier score (mean over player-games of (p - won)^2) and the log loss
(mean of -log p of what happened, p clipped to [0.001, 0.999]), beside three baselines from
the same positions (each position's public "vp" and "production" pips in the JSON):

  uniform   1/n for each of the n players;
  VP share  vp_i / sum of vp (1/n when nobody has a point);
  logistic  a conditional logit (softmax within the game, so the players' probabilities sum
            to 1) of vp, production, vp share and production share, fitted by Newton's method
            with a small ridge, per corpus and per point of the game, by cross-validation with
            folds by game (5 folds, or one per game when fewer than 5): every number reported
            is out of sample.

Games without a winner in catan-eval's replay (unfinished logs, logs that break a rule before
their end) are skipped and counted. The output is Markdown: a table per corpus, the verdict
"does the forecast beat the VP share at 50% and 75%" for corpora of at least 20 games (with a
95% bootstrap interval over games of the Brier difference), and calibration tables by tenths.

    python3 scripts/eval-accuracy.py --catan-eval build/tools/catan-eval \\
        --rollouts 1000 -j 2 [DATA_DIR] > accuracy.md

DATA_DIR defaults to $CATAN_DATA_DIR. --raw FILE keeps catan-eval's outputs (and --from-raw
FILE scores them again without rollouts)."""
import argparse
import glob
import json
import os
import subprocess
import sys
import time

import numpy as np

# Corpus name -> file patterns under the data folder (full-information logs; the JSettlers2
# robot games' type F logs, not the -C views).
CORPORA = [
    ("catanatron", ["catanatron/*/*.json"]),
    ("JSettlers2 robots 4p", ["jsettlers2/robots/4p/game-[0-9][0-9].soclog"]),
    ("JSettlers2 robots 6p", ["jsettlers2/robots/6p/game-[0-9][0-9].soclog"]),
    ("colonist.io", ["colonist/*.json", "colonist-dataset/*.json"]),
    ("STAC", ["stac/human-game-1.soclog", "stac/human-game-2.soclog", "stac/bot-game-1.soclog"]),
]
# Corpora also scored together (their games pooled; the logistic model fitted per member).
UNIONS = [("JSettlers2 robots (4p + 6p)", ["JSettlers2 robots 4p", "JSettlers2 robots 6p"])]
SHARES = ["25%", "50%", "75%"]
METHODS = ["catan-eval", "uniform", "VP share", "logistic"]
CLIP = 1e-3
MIN_GAMES = 20  # the bar: corpora of at least this many games must beat the VP share


def run_eval(exe, path, shares, rollouts, jobs, seed, policy):
    cmd = [exe, "--format", "json", "--turns", ",".join(shares), "--rollouts", str(rollouts),
           "-j", str(jobs), "--seed", str(seed), "--policy", policy, path]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise SystemExit(f"eval-accuracy: {path}: catan-eval exited {r.returncode}: "
                         f"{r.stderr.strip()}")
    return json.loads(r.stdout)


def game_record(exe, path, rollouts, jobs, seed, policy):
    """catan-eval's positions at the three shares of one game, or a reason to skip it."""
    d = run_eval(exe, path, SHARES, rollouts, jobs, seed, policy)
    if not d.get("winner"):
        return {"file": path, "skip": d.get("outcome", "no winner")}
    positions = d["positions"]
    if len(positions) != len(SHARES):
        # Two shares fell on the same turn (a very short game): one share at a time.
        positions = []
        for s in SHARES:
            positions += run_eval(exe, path, [s], rollouts, jobs, seed, policy)["positions"][-1:]
    players = d["players"]
    return {"file": path, "players": players, "winner": players.index(d["winner"]),
            "positions": [{"p": q["p"], "vp": q["vp"], "production": q["production"],
                           "turn": q["turn"]} for q in positions]}


def features(pos):
    vp = np.asarray(pos["vp"], float)
    prod = np.asarray(pos["production"], float)
    vps = vp / vp.sum() if vp.sum() > 0 else np.full(len(vp), 1 / len(vp))
    prs = prod / prod.sum() if prod.sum() > 0 else np.full(len(vp), 1 / len(vp))
    return np.column_stack([vp, prod / 10, vps, prs])


def softmax_fit(games, ridge=1.0, steps=50):
    """Conditional logit: w maximising sum over games of log softmax(X w)[winner] - ridge |w|^2,
    by Newton's method. games: list of (X (n x k), winner index)."""
    k = games[0][0].shape[1]
    w = np.zeros(k)
    for _ in range(steps):
        grad = -2 * ridge * w
        hess = -2 * ridge * np.eye(k)
        for x, win in games:
            z = x @ w
            p = np.exp(z - z.max())
            p /= p.sum()
            mean = p @ x
            grad += x[win] - mean
            hess -= (x * p[:, None]).T @ x - np.outer(mean, mean)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def softmax_predict(w, x):
    z = x @ w
    p = np.exp(z - z.max())
    return p / p.sum()


def logistic_out_of_sample(games, point):
    """Per game, the logistic model's probabilities at `point`, each from a model fitted on the
    other folds (folds by game, in file order: game i in fold i mod k)."""
    n = len(games)
    k = min(5, n)
    out = [None] * n
    for fold in range(k):
        train = [(features(g["positions"][point]), g["winner"])
                 for i, g in enumerate(games) if i % k != fold]
        if not train:
            w = np.zeros(4)
        else:
            w = softmax_fit(train)
        for i, g in enumerate(games):
            if i % k == fold:
                out[i] = softmax_predict(w, features(g["positions"][point]))
    return out


def predictions(games, point, logistic):
    """{method: [array of the players' probabilities, per game]} at one point."""
    pred = {m: [] for m in METHODS}
    for i, g in enumerate(games):
        pos = g["positions"][point]
        n = len(pos["p"])
        vp = np.asarray(pos["vp"], float)
        pred["catan-eval"].append(np.asarray(pos["p"], float))
        pred["uniform"].append(np.full(n, 1 / n))
        pred["VP share"].append(vp / vp.sum() if vp.sum() > 0 else np.full(n, 1 / n))
        pred["logistic"].append(logistic[i])
    return pred


def per_game_scores(probs, games):
    """Per game: (sum of squared errors, sum of clipped log losses, number of players)."""
    rows = []
    for p, g in zip(probs, games):
        won = np.zeros(len(p))
        won[g["winner"]] = 1
        q = np.clip(p, CLIP, 1 - CLIP)
        ll = -(won * np.log(q) + (1 - won) * np.log(1 - q))
        rows.append((((p - won) ** 2).sum(), ll.sum(), len(p)))
    return np.array(rows)


def brier_and_logloss(probs, games):
    s = per_game_scores(probs, games)
    return s[:, 0].sum() / s[:, 2].sum(), s[:, 1].sum() / s[:, 2].sum()


def bootstrap_difference(a, b, games, reps=2000, seed=7):
    """95% interval of Brier(a) - Brier(b), resampling games."""
    sa, sb = per_game_scores(a, games), per_game_scores(b, games)
    rng = np.random.default_rng(seed)
    n = len(games)
    diffs = []
    for _ in range(reps):
        idx = rng.integers(0, n, n)
        diffs.append(sa[idx, 0].sum() / sa[idx, 2].sum() - sb[idx, 0].sum() / sb[idx, 2].sum())
    return np.percentile(diffs, [2.5, 97.5])


def calibration_rows(probs, games):
    """By tenths of the predicted probability: [count, mean predicted, observed rate]."""
    p_all, w_all = [], []
    for p, g in zip(probs, games):
        for i, x in enumerate(p):
            p_all.append(x)
            w_all.append(1.0 if i == g["winner"] else 0.0)
    p_all, w_all = np.array(p_all), np.array(w_all)
    bucket = np.minimum((p_all * 10).astype(int), 9)
    rows = []
    for b in range(10):
        sel = bucket == b
        c = int(sel.sum())
        rows.append((c, p_all[sel].mean() if c else None, w_all[sel].mean() if c else None))
    return rows


def fmt(x, digits=3):
    return "–" if x is None else f"{x:.{digits}f}"


def report(corpora, skipped, args, seconds):
    out = []
    w = out.append
    total = sum(len(g) for g in corpora.values())
    w(f"Rollouts {args.rollouts} a position (policy {args.policy}, seed {args.seed}); "
      f"{total} games with a winner; {sum(len(s) for s in skipped.values())} skipped"
      + (f"; {seconds:.0f} s of wall time" if seconds else "") + ".\n")
    w("| corpus | games (skipped) | point | mean turn | catan-eval Brier | uniform | VP share "
      "| logistic (CV) | catan-eval log loss | uniform | VP share | logistic (CV) |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|")
    verdicts, pooled = [], {pt: {m: [] for m in METHODS} for pt in range(len(SHARES))}
    pooled_games = []
    groups = [(name, [name]) for name in corpora] + [
        (u, members) for u, members in UNIONS if all(m in corpora for m in members)]
    for name, members in groups:
        games = [g for m in members for g in corpora[m]]
        if not games:
            continue
        skip = sum(len(skipped.get(m, [])) for m in members)
        for pt, share in enumerate(SHARES):
            pred = {m: [] for m in METHODS}
            for m in members:  # the logistic model is fitted within each corpus
                part = predictions(corpora[m], pt, logistic_out_of_sample(corpora[m], pt))
                for k in METHODS:
                    pred[k] += part[k]
            scores = {k: brier_and_logloss(pred[k], games) for k in METHODS}
            turn = np.mean([g["positions"][pt]["turn"] for g in games])
            w(f"| {name} | {len(games)} ({skip}) | {share} | {turn:.0f} | "
              + " | ".join(("**" if k == "catan-eval" else "") + fmt(scores[k][0])
                           + ("**" if k == "catan-eval" else "") for k in METHODS) + " | "
              + " | ".join(fmt(scores[k][1]) for k in METHODS) + " |")
            if len(members) == 1:
                for k in METHODS:
                    pooled[pt][k] += pred[k]
            if share != "25%" and len(games) >= MIN_GAMES:
                lo, hi = bootstrap_difference(pred["catan-eval"], pred["VP share"], games)
                beats = scores["catan-eval"][0] < scores["VP share"][0]
                verdicts.append(
                    f"- {name}, {share}: Brier {scores['catan-eval'][0]:.3f} against the VP "
                    f"share's {scores['VP share'][0]:.3f}: "
                    + ("**beats it**" if beats else "**does not beat it**")
                    + f" (difference {scores['catan-eval'][0] - scores['VP share'][0]:+.3f}, "
                    f"95% bootstrap interval over games [{lo:+.3f}, {hi:+.3f}]); log loss "
                    f"{scores['catan-eval'][1]:.3f} against {scores['VP share'][1]:.3f}.")
        if len(members) == 1:
            pooled_games += games
    w("")
    w(f"Against the VP share at 50% and 75%, corpora of at least {MIN_GAMES} games:\n")
    out += verdicts or ["- none has that many games here."]
    w("")
    if skipped and any(skipped.values()):
        w("Skipped (no winner in the replay):\n")
        for name, files in skipped.items():
            for f, why in files:
                w(f"- {name}: `{f}` ({why})")
        w("")
    for pt, share in enumerate(SHARES):
        games3 = pooled_games
        w(f"Calibration at {share} of the game, all {len(games3)} games pooled (players' "
          "forecasts by tenths: count, mean predicted, observed win rate):\n")
        w("| predicted | catan-eval n | mean p | won | VP share n | mean p | won "
          "| logistic n | mean p | won |")
        w("|---|---|---|---|---|---|---|---|---|---|")
        cal = {k: calibration_rows(pooled[pt][k], games3)
               for k in ("catan-eval", "VP share", "logistic")}
        for b in range(10):
            cells = []
            for k in ("catan-eval", "VP share", "logistic"):
                c, mp, ob = cal[k][b]
                cells += [str(c), fmt(mp, 2), fmt(ob, 2)]
            w(f"| {b / 10:.1f}–{(b + 1) / 10:.1f} | " + " | ".join(cells) + " |")
        w("")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="?", default=os.environ.get("CATAN_DATA_DIR"),
                    help="the shared data folder (default: $CATAN_DATA_DIR)")
    ap.add_argument("--catan-eval", default="catan-eval", help="the catan-eval executable")
    ap.add_argument("--rollouts", type=int, default=1000)
    ap.add_argument("-j", "--jobs", type=int, default=1, help="catan-eval's threads")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policy", default="greedy", help="catan-eval's rollout policy")
    ap.add_argument("--max-games", type=int, default=0,
                    help="at most this many games a corpus (0: all)")
    ap.add_argument("--corpus", action="append", help="only these corpora (by name)")
    ap.add_argument("--raw", help="write catan-eval's positions of every game to this file")
    ap.add_argument("--from-raw", help="score the positions of a --raw file (no rollouts)")
    args = ap.parse_args()
    start = time.time()
    if args.from_raw:
        with open(args.from_raw) as f:
            saved = json.load(f)
        args.rollouts, args.seed = saved["rollouts"], saved["seed"]
        args.policy = saved.get("policy", "greedy")
        records = saved["games"]
    else:
        if not args.data or not os.path.isdir(args.data):
            ap.error("the data folder (argument or $CATAN_DATA_DIR) is missing")
        records = {}
        for name, patterns in CORPORA:
            if args.corpus and name not in args.corpus:
                continue
            files = sorted(f for p in patterns for f in glob.glob(os.path.join(args.data, p)))
            if args.max_games:
                files = files[:args.max_games]
            records[name] = []
            for path in files:
                rec = game_record(args.catan_eval, path, args.rollouts, args.jobs, args.seed,
                                  args.policy)
                rec["file"] = os.path.relpath(path, args.data)
                records[name].append(rec)
                print(f"eval-accuracy: {name}: {rec['file']}", file=sys.stderr)
        if args.raw:
            with open(args.raw, "w") as f:
                json.dump({"rollouts": args.rollouts, "seed": args.seed, "policy": args.policy,
                       "games": records}, f)
    corpora = {n: [g for g in recs if "skip" not in g] for n, recs in records.items()}
    skipped = {n: [(g["file"], g["skip"]) for g in recs if "skip" in g]
               for n, recs in records.items()}
    seconds = 0 if args.from_raw else time.time() - start
    sys.stdout.write(report(corpora, skipped, args, seconds))


if __name__ == "__main__":
    main()
