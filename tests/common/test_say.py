"""The presentation layer says the engine's reasons, labels and slips in the reader's language.

The engine writes English Words (scoring/words.py); common.words.say looks each template up
in scoring/locale and fills in the figures again. These tests read the catalogues compiled
from the committed .po files into a folder of their own.
"""

import string
from itertools import product

import pytest
from django.template import Context, Template
from django.utils import translation

from common.words import say
from scoring import (
    HONORS,
    MISTAKES,
    PairsSession,
    Rubber,
    Traveller,
    butler,
    cross_imps,
    imp_band,
    match_vp,
    matchpoints,
    score_deal,
    tables,
    team_board,
    wbf_scale,
)
from scoring.adjusted import adjusted_matchpoints
from scoring.contract import Contract, Doubling, check_tricks
from scoring.errors import InvalidComparison, InvalidTricks
from scoring.forms import FORMS, FOUR_DEAL_FORMS
from scoring.items import LABELS
from scoring.words import Words
from tests.common.catalogues import LANGUAGES, compile_catalogues, read_po


@pytest.fixture
def catalogues(settings, tmp_path):
    # A new LOCALE_PATHS makes Django read its catalogues again (django.test.signals).
    settings.LOCALE_PATHS = [compile_catalogues(tmp_path / "locale")]


def said(language, value):
    with translation.override(language):
        return say(value)


def test_a_trick_score_reason_is_said_in_french_and_dutch(catalogues):
    reason = score_deal("4HX", tricks=10, vulnerable=False).item("trick_score").reason
    assert reason == "4♥X bid and made: 4 tricks × 30 = 120, doubled to 240"
    assert said("fr", reason) == "4♥X demandé et réussi : 4 levées × 30 = 120 ; contré : 240"
    assert said("nl", reason) == "4♥X geboden en gemaakt: 4 slagen × 30 = 120; gedoubleerd: 240"


def test_an_undertrick_penalty_reason_is_said_in_french_and_dutch(catalogues):
    reason = score_deal("4DX", tricks=5, vulnerable=False).item("undertricks").reason
    assert reason == "5 down, doubled, not vulnerable: 100 + 200 + 200 + 300 + 300 = 1100"
    # The total as each language writes it: 1 100 (a no-break space), 1.100.
    sums = "100 + 200 + 200 + 300 + 300 = "
    assert said("fr", reason) == f"5 de chute, contré, non vulnérable : {sums}1 100"
    assert said("nl", reason) == f"5 down, gedoubleerd, niet kwetsbaar: {sums}1.100"


def test_one_overtrick_and_two_take_the_singular_and_the_plural(catalogues):
    one = score_deal("2S", tricks=9).item("overtricks").reason
    two = score_deal("2S", tricks=10).item("overtricks").reason
    assert said("fr", one) == "1 levée de mieux à la valeur de la levée, 30 chacune"
    assert said("fr", two) == "2 levées de mieux à la valeur de la levée, 30 chacune"
    assert said("nl", two) == "2 overslagen tegen de slagwaarde, 30 per slag"


def test_a_slip_and_a_label_are_said_in_french_and_dutch(catalogues):
    slip = MISTAKES["rubber_bonus_forgotten"]
    assert said("fr", slip.name) == "Vous avez oublié la prime de robre."
    assert said("nl", slip.name) == "Je bent de robberpremie vergeten."
    assert said("fr", LABELS[next(iter(LABELS))]) == "Valeur des levées"


def test_a_slip_with_a_figure_keeps_its_figure(catalogues):
    name = MISTAKES["room2_ns_sign_reversed"].name
    assert said("nl", name) == "In zaal 2 heb je de score van N-Z het verkeerde teken gegeven."


def test_two_slips_held_at_once_are_each_said(catalogues):
    pair = MISTAKES["insult_forgotten"].combined(MISTAKES["vulnerability_reversed"])
    assert said("fr", pair.name) == (
        "Vous avez oublié la prime pour un contrat contré ou surcontré réussi. "
        "Vous avez marqué comme si la vulnérabilité était inversée."
    )


def test_a_matchpoint_reason_is_said_in_french_and_dutch(catalogues):
    first = matchpoints([420, 420, 450, 170, -100])[0].reason
    assert first == "+420 beats 2 and ties 1 of the 4 other scores: 2 + ½ = 2½ of a top of 4"
    assert said("fr", first) == (
        "+420 bat 2 et égale 1 sur 4 autres marques : 2 + ½ = 2½ sur un top de 4"
    )
    assert said("nl", first) == (
        "+420 verslaat 2 en evenaart 1 van de 4 andere scores: 2 + ½ = 2½ van een top van 4"
    )


def test_english_is_unchanged_with_i18n_on(catalogues):
    for item in score_deal("6NTXX", tricks=13, vulnerable=True, form="rubber").items:
        assert said("en", item.reason) == str(item.reason)
        assert type(said("en", item.reason)) is str


def test_english_is_unchanged_with_i18n_off(settings):
    settings.USE_I18N = False
    reason = score_deal("3NT", tricks=7, vulnerable=True).item("undertricks").reason
    assert say(reason) == "2 down, vulnerable: 100 each = 200"


def test_plain_text_passes_through():
    assert say("N-S at table 3") == "N-S at table 3"
    assert say(None) is None


def test_the_say_filter_words_a_reason_in_a_template(catalogues):
    template = Template("{% load words %}{{ reason|say }}|{{ reason|say|lower }}")
    reason = score_deal("1NT", tricks=6, vulnerable=True).item("undertricks").reason
    with translation.override("fr"):
        assert template.render(Context({"reason": reason})) == (
            "1 de chute, vulnérable : 100|1 de chute, vulnérable : 100"
        )
    with translation.override("en"):
        assert template.render(Context({"reason": reason})) == (
            "1 down, vulnerable: 100|1 down, vulnerable: 100"
        )


# -- every template the engine uses is in both catalogues ------------------------------------


def _words_in(value):
    """Every Words inside `value`, itself first, then the Words among its figures."""
    if isinstance(value, Words):
        yield value
        for arg in value.args.values():
            yield from _words_in(arg)


def _deals(forms, levels=range(1, 8), tricks=range(14), **extra):
    for form, level, strain, doubling, vulnerable, taken in product(
        forms, levels, ("C", "S", "NT"), ("", "X", "XX"), (False, True), tricks
    ):
        yield score_deal(f"{level}{strain}{doubling}", taken, vulnerable, form=form, **extra)


def _comparison_reasons():
    found = []
    for scores in ([420, 420, 450, 170, -100], [620, 170], [420, 420], [100, 100, 100]):
        found += [r.reason for r in matchpoints(scores)]
    for scores in ([420, 420, 450, 170, -100], [620, 170, -50], [415, 425]):
        board = butler(scores)
        found += [board.reason, *(r.reason for r in board.results)]
        for cross in cross_imps(scores):
            found += [cross.reason, *(c.reason for c in cross.comparisons)]
    found += [imp_band(difference) for difference in (0, 10, 450, -450, 5000)]
    found += [team_board(620, 170).reason, team_board(-100, 100).reason]
    for ours, theirs, boards in ((40, 27, 20), (27, 40, 20), (30, 30, 1), (90, 0, 16), (25, 0, 1)):
        found.append(match_vp(ours, theirs, boards).reason)
    found += [wbf_scale(boards).reason(margin) for boards in (1, 16) for margin in (1, 13, -13)]
    session = PairsSession()
    board = session.traveller(1)
    board.record("1", "S", "4H", tricks=10, ew_pair="A")
    board.record("2", "W", "4S", tricks=8, ew_pair="B")
    board.record_passed_out("3", ew_pair="C")
    found += [row.reason for row in board.rows]
    found += [s.reason for s in session.standings()]
    two_boards = PairsSession()
    for number in (1, 2):
        two_boards.traveller(number).record("1", "N", "3NT", tricks=9, ew_pair="A")
        two_boards.traveller(number).record("2", "N", "3NT", tricks=10, ew_pair="B")
    found += [s.reason for s in two_boards.standings()]
    alone = Traveller(2)
    alone.record("1", "E", "2C", tricks=8)
    found += [row.reason for row in alone.rows]
    for entries in ([420, 420, 170, "A+", "A-"], [420, "A", "A"]):
        found += [r.reason for r in adjusted_matchpoints(entries, "international")]
    for results in (0, 1):  # a board with too few tables to compare
        short = PairsSession()
        for table in range(results):
            short.traveller(1).record(str(table), "N", "3NT", tricks=9, ew_pair="A")
        short.traveller(1)
        with pytest.raises(InvalidComparison) as refused:
            short.standings()
        found.append(refused.value.args[0])
    return found


def _table_labels():
    """The labels of the rule tables (scoring/tables.py), forms' names, contracts in words."""
    found = [FORMS[name].label for name in FORMS]
    found += [tables.short_label(name) for name in FORMS]
    for name in FORMS:
        found += [label for label, _ in tables.bonus_rows(name)]
    found += [label for label, _ in tables.form_rule_rows(tuple(FORMS))]
    found += [label for label, _ in tables.rubber_bonus_rows()]
    headings, rows = tables.chukker_vulnerability_rows(FOUR_DEAL_FORMS)
    found += [*headings, *(who for _, whos in rows for who in whos)]
    found += [
        Contract.parse(f"{level}{strain}{doubling}").words
        for level, strain, doubling in product((1, 2), ("C", "D", "H", "S", "NT"), ("", "X", "XX"))
    ]
    return found


def _engine_words():
    found = []
    deals = [*_deals(FORMS)]
    # Each rule a slip changes, replayed: the believed forms word their items too.
    believed = {m.apply_to(form) for m in MISTAKES.values() for form in ("duplicate", "rubber")}
    deals += _deals(believed, levels=(1, 3, 6, 7), tricks=(0, 8, 9, 10, 13))
    deals += _deals(FOUR_DEAL_FORMS, levels=(1, 2, 3), tricks=(9,), part_score=60, last_deal=True)
    for (strain, held), side in product(
        (("S", "four_trumps"), ("S", "five_trumps"), ("NT", "four_aces")), ("declarer", "defenders")
    ):
        deals.append(score_deal(f"4{strain}", 10, form="rubber", honors=held, honors_side=side))
    found += [item.reason for result in deals for item in result.items]
    for plays in (
        [("we", "4S", 10), ("we", "4S", 10)],
        [("we", "4S", 10), ("they", "3NT", 9), ("we", "4H", 10)],
        [("we", "4S", 10), ("they", "2C", 8)],
    ):
        rubber = Rubber()
        for side, contract, tricks in plays:
            rubber.record(side, contract, tricks=tricks)
        rubber.finish()
        found += [entry.item.reason for entry in rubber.entries]
    found += _comparison_reasons()
    for tricks in (14, -1):  # the trick counts the engine refuses, in words a form says
        with pytest.raises(InvalidTricks) as refused:
            check_tricks(tricks)
        found.append(refused.value.args[0])
    found += _table_labels()
    found += [*LABELS.values(), *(d.word for d in Doubling)]
    for holding in HONORS.values():
        found += [holding.description, holding.label, holding.phrase]
    for mistake in MISTAKES.values():
        found += [mistake.name, mistake.explanation]
    # One of each text: the same template with other figures says nothing new here.
    kinds = {}
    for words in (w for value in found for w in _words_in(value)):
        kinds.setdefault((words.template, words.singular, words.plural), words)
    return list(kinds.values())


def _fields(text):
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


@pytest.fixture(scope="module")
def engine_words():
    words = _engine_words()
    assert len({w.template for w in words}) > 100, "the sweep found too few of the engine's texts"
    return words


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_the_engine_returns_is_in_the_catalogue(engine_words, language):
    catalogue = read_po(language)
    missing, empty, wrong_fields = set(), set(), set()
    for words in engine_words:
        if words.singular is not None:
            key = (words.singular, words.plural)
            forms = catalogue.get(key)
            translations, english = (forms or ()), [words.singular, words.plural]
        elif words.is_only_joining:
            continue
        else:
            key = words.template
            translations, english = [catalogue.get(key)] if key in catalogue else [], [key]
        if key not in catalogue:
            missing.add(key)
        elif not all(translations):
            empty.add(key)
        elif any(_fields(t) != _fields(english[0]) for t in translations):
            wrong_fields.add(key)
    assert (missing, empty, wrong_fields) == (set(), set(), set())


# A guard in WbfScale.reason that no real scale reaches (its table always runs to the blitz).
GUARDS = {"{result}: the scale already reaches 20.00 at {reached} IMPs: {score}"}


def test_the_engine_uses_every_entry_of_the_catalogues(engine_words):
    # An entry nothing uses any more is a translation someone keeps up for nothing.
    used = {w.template for w in engine_words} | {(w.singular, w.plural) for w in engine_words}
    used |= GUARDS
    for language in LANGUAGES:
        unused = set(read_po(language)) - used - {""}
        assert unused == set(), language
