"""How long scoring one deal takes. Prints figures; asserts nothing (machines are noisy).

    python bench/scoring_speed.py

"cold" clears the engine's result cache before every call, so it measures the full
computation; "warm" is a repeated deal, as on a lesson page.
"""

import itertools
import statistics
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import Rubber, score_deal
from scoring.deal import _score

CONTRACTS = [f"{lvl}{s}{d}" for lvl in range(1, 8) for s in "CDHSN" for d in ("", "X", "XX")]
CASES = list(itertools.product(CONTRACTS, range(14), (False, True)))


def cold():
    for contract, tricks, vul in CASES:
        _score.cache_clear()
        score_deal(contract, tricks, vul)


def warm():
    for contract, tricks, vul in CASES:
        score_deal(contract, tricks, vul)


def noop():
    for _case in CASES:
        _score.cache_clear()


def rubber():
    r = Rubber()
    for deal in [
        ("they", "4DX", 7),
        ("we", "2CX", 9),
        ("they", "4S", 11),
        ("we", "3NT", 7),
        ("we", "3H", 9),
        ("we", "1NT", 8),
        ("we", "2D", 5),
    ]:
        r.record(*deal)
    r.record("we", "6C", 13, honors="four_trumps")
    return r.total("we")


def best_per_call(fn, calls, repeat=7, number=3):
    runs = timeit.repeat(fn, repeat=repeat, number=number)
    return min(runs) / number / calls * 1e6, statistics.median(runs) / number / calls * 1e6


def main():
    warm()  # import and first-call costs out of the way
    n = len(CASES)
    overhead, _ = best_per_call(noop, n)
    cold_best, cold_median = best_per_call(cold, n)
    warm_best, warm_median = best_per_call(warm, n)
    rubber_best, rubber_median = best_per_call(rubber, 1, number=50)
    print(f"deals per run: {n} (every contract x 14 trick counts x 2 vulnerabilities)")
    cold_best, cold_median = cold_best - overhead, cold_median - overhead
    print(f"score_deal, cold: best {cold_best:6.2f} us, median {cold_median:6.2f} us per deal")
    print(f"score_deal, warm: best {warm_best:6.2f} us, median {warm_median:6.2f} us per deal")
    print(f"sample rubber, 8 deals: best {rubber_best:6.1f} us, median {rubber_median:6.1f} us")


if __name__ == "__main__":
    main()
