"""Words: the engine's English text, which remembers its template and figures (no Django)."""

import pickle
import subprocess
import sys
from pathlib import Path

from scoring import MISTAKES, score_deal
from scoring.items import LABELS, Kind
from scoring.words import NOT_VULNERABLE, VULNERABLE, Words, gettext_noop, ngettext

# A stand-in catalogue: enough to show what a language changes, with no Django.
PIG = {
    "{down} down, {vul}: {each}": "{vul}, {down} under: {each}",
    "vulnerable": "VUL",
    "{count} overtrick": "{count} OVER",
    "{count} overtricks": "{count} OVERS",
}


def pig(template):
    return PIG.get(template, template)


def pig_plural(singular, plural, count):
    return pig(singular if count == 1 else plural)


def test_words_equal_their_english_and_are_a_str():
    words = Words(gettext_noop("{count} overtricks at {each}"), count=2, each=30)
    assert words == "2 overtricks at 30"
    assert isinstance(words, str)
    assert repr(words) == "'2 overtricks at 30'"
    assert {words: 1}["2 overtricks at 30"] == 1


def test_words_keep_their_template_and_figures():
    words = Words(gettext_noop("{down} down, {vul}: {each}"), down=1, vul=VULNERABLE, each=100)
    assert words.template == "{down} down, {vul}: {each}"
    assert words.args == {"down": 1, "vul": "vulnerable", "each": 100}


def test_figures_that_are_words_are_said_too():
    words = Words(gettext_noop("{down} down, {vul}: {each}"), down=1, vul=VULNERABLE, each=100)
    assert words.said(pig, pig_plural) == "VUL, 1 under: 100"
    other = Words(gettext_noop("{down} down, {vul}: {each}"), down=1, vul=NOT_VULNERABLE, each=50)
    assert other.said(pig, pig_plural) == "not vulnerable, 1 under: 50"


def test_a_plural_is_chosen_in_english_and_again_in_the_language_said():
    one = ngettext("{count} overtrick", "{count} overtricks", 1, count=1)
    three = ngettext("{count} overtrick", "{count} overtricks", 3, count=3)
    assert (one, three) == ("1 overtrick", "3 overtricks")
    assert (one.singular, one.plural, one.number) == ("{count} overtrick", "{count} overtricks", 1)
    assert (one.said(pig, pig_plural), three.said(pig, pig_plural)) == ("1 OVER", "3 OVERS")


def test_a_format_spec_is_kept_when_said():
    words = Words(gettext_noop("{score:+d} at table {table}"), score=-100, table=3)
    assert words == "-100 at table 3"
    assert words.said(pig, pig_plural) == "-100 at table 3"


def test_a_cache_keeps_words_whole():
    words = score_deal("4HX", tricks=11, vulnerable=True).item("overtricks").reason
    again = pickle.loads(pickle.dumps(words))
    assert (again, type(again), again.template, again.args) == (
        words,
        Words,
        words.template,
        words.args,
    )


def test_deal_reasons_read_as_before():
    # Worked figures of the rules (README, rules §1): the English did not change.
    cases = [
        ("3NT", 9, False, "trick_score", "3NT bid and made: 40 for the first trick + 2 × 30 = 100"),
        ("1S", 9, True, "overtricks", "2 overtricks at the trick value, 30 each"),
        ("2HX", 9, True, "overtricks", "1 overtrick doubled and vulnerable: 200 each"),
        ("4DX", 5, False, "undertricks",
         "5 down, doubled, not vulnerable: 100 + 200 + 200 + 300 + 300 = 1100"),
        ("3NT", 7, True, "undertricks", "2 down, vulnerable: 100 each = 200"),
        ("6S", 12, True, "slam_bonus", "Small slam bid and made, vulnerable"),
        ("2HX", 8, False, "insult", "For making a doubled contract"),
    ]  # fmt: skip
    for contract, tricks, vulnerable, key, reason in cases:
        item = score_deal(contract, tricks, vulnerable).item(key)
        assert (contract, item.reason) == (contract, reason)
        assert isinstance(item.reason, Words)


def test_labels_and_slips_are_words():
    assert LABELS[Kind.TRICK_SCORE] == "Trick score"
    assert all(isinstance(label, Words) for label in LABELS.values())
    assert all(
        isinstance(m.name, Words) and isinstance(m.explanation, Words) for m in MISTAKES.values()
    )
    assert MISTAKES["room1_vulnerability_reversed"].name.args == {"room": 1}


def test_two_slips_held_at_once_join_their_words():
    pair = MISTAKES["insult_forgotten"].combined(MISTAKES["notrump_all_30"])
    assert pair.name == (
        "You forgot the bonus for making a doubled or redoubled contract. "
        "You counted every notrump trick at 30."
    )
    assert pair.name.is_only_joining
    assert not MISTAKES["insult_forgotten"].name.is_only_joining


def test_the_engine_still_imports_no_django():
    code = "import sys, scoring; print(sorted(m for m in sys.modules if m.startswith('django')))"
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_words_keep_every_method_of_a_str():
    # Words hides none of str's own names (count, join, ...): code that reads a reason as
    # text goes on working.
    words = Words(gettext_noop("{a} + {b} = {c}"), a=1, b=2, c=3)
    assert (words.count("+"), " | ".join([words, words])) == (1, "1 + 2 = 3 | 1 + 2 = 3")
    own = set(vars(words)) | {name for name in vars(Words) if not name.startswith("__")}
    assert own & set(dir(str)) == set()
