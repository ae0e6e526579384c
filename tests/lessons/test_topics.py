"""The topic lessons: every page renders, and its worked figures come out of the engine.

The figures below are the documents' worked examples (rules §8). The tests look
for them inside the engine's own markup (sheet totals, deal tables, breakdown footers), so
a figure typed by hand into a lesson's prose would not satisfy them.
"""

import re

import pytest

from lessons.course import TOPICS

# Tables and sheets drawn by the bridge tags; the partners lesson's draw is drawn with the
# engine's `card` filter (its only figures are the cards the players drew).
ENGINE_MARKUP = ("data-table=", 'class="sheet-table"', 'class="breakdown"', 'class="playing-card"')


def _page(client, slug):
    response = client.get(f"/lessons/{slug}/")
    assert response.status_code == 200
    return response.content.decode()


def _sheet_total(side, points):
    label = "WE" if side == "we" else "THEY"
    return (
        f'data-total="{side}"><span class="visually-hidden">{label} </span>'
        f'<span class="sheet-table__total-label">total </span>{points}<'
    )


def _breakdown_totals(html):
    """The signed totals in the footers of every breakdown table on the page."""
    return re.findall(r'<td class="num" data-total>([^<]*)</td>', html)


def _deal_table_totals(html):
    """(WE, THEY) totals of every deal-by-deal table on the page."""
    return re.findall(
        r'<td class="num[^"]*"[^>]* data-total="we">(\d+)</td>'
        r'<td class="num[^"]*"[^>]* data-total="they">(\d+)</td>',
        html,
    )


@pytest.mark.parametrize("lesson", TOPICS, ids=lambda lesson: lesson.slug)
def test_every_topic_renders_with_its_title_and_check_yourself(client, db, lesson):
    response = client.get(lesson.url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<h1 id="lesson-title">{lesson.title}</h1>' in html
    assert 'id="check-yourself"' in html


@pytest.mark.parametrize("lesson", TOPICS, ids=lambda lesson: lesson.slug)
def test_every_topic_shows_at_least_one_engine_rendered_figure(client, db, lesson):
    html = _page(client, lesson.slug)
    assert any(marker in html for marker in ENGINE_MARKUP)


@pytest.mark.parametrize("lesson", TOPICS, ids=lambda lesson: lesson.slug)
def test_every_topic_links_to_no_outside_address(client, db, lesson):
    html = _page(client, lesson.slug)
    assert "http://" not in html
    assert "https://" not in html


@pytest.mark.parametrize("lesson", TOPICS, ids=lambda lesson: lesson.slug)
def test_every_topic_has_no_template_leftovers_or_second_h1(client, db, lesson):
    html = _page(client, lesson.slug)
    assert "{%" not in html and "{{" not in html
    assert html.count("<h1") == 1
    assert "<h2>In short</h2>" in html


@pytest.mark.parametrize("lesson", TOPICS, ids=lambda lesson: lesson.slug)
def test_every_topic_keeps_styles_and_scripts_out_of_the_lesson(client, db, lesson):
    html = _page(client, lesson.slug)
    article = re.search(r"<article.*?</article>", html, re.S).group(0)
    assert "style=" not in article
    assert "<script" not in article


def test_score_sheet_shows_one_heart_making_nine_and_two_notrump_making_eleven(client, db):
    html = _page(client, "score-sheet")
    # 1H making 9: 30 below, 60 above; 2NT making 11: 70 below, 90 above.
    assert 'data-side="we" data-points="30" data-kind="trick_score"' in html
    assert 'data-side="we" data-points="60" data-kind="overtricks"' in html
    assert 'data-side="we" data-points="70" data-kind="trick_score"' in html
    assert 'data-side="we" data-points="90" data-kind="overtricks"' in html


def test_trick_score_lesson_shows_two_clubs_making_eight(client, db):
    html = _page(client, "trick-score")
    assert 'data-table="trick-score"' in html
    assert "+40" in _breakdown_totals(html)
    assert "+160" in _breakdown_totals(html)


def _sheet(html, caption):
    """The markup of the score sheet with this caption, and the paragraph after it."""
    found = re.search(
        rf"<caption>{re.escape(caption)}</caption>(.*?)</table>\s*(<p>.*?</p>)", html, re.S
    )
    assert found, caption
    return found.group(1), found.group(2)


def _entries(sheet_html, new_only=False):
    cell = (
        r'class="num{}" data-side="(\w+)" data-points="(\d+)" data-kind="(\w+)"'
        r'(?: data-deal="(\d+)")?'
    )
    found = re.findall(cell.format(" is-new" if new_only else "(?: is-new)?"), sheet_html)
    return sorted(
        (side, int(points), kind, int(deal) if deal else None) for side, points, kind, deal in found
    )


# rules §8.1, the sample rubber: (deals shown, WE total, THEY total) on the games lesson.
GAMES_SHEETS = {
    "The sample rubber after six deals (deal 6 is marked)": (6, 890, 250),
    "The sample rubber after three deals (deal 3 is marked)": (3, 730, 150),
}


@pytest.mark.parametrize("caption", GAMES_SHEETS)
def test_games_lesson_draws_the_stored_sample_rubber_as_the_engine_scores_it(client, db, caption):
    from drawing.templatetags.cards import contract, side_name
    from lessons import deals

    upto, we, they = GAMES_SHEETS[caption]
    sheet_html, after = _sheet(_page(client, "games"), caption)
    rubber = deals.sample_rubber(upto)
    written = sorted((e.side, e.points, e.item.kind.value, e.deal) for e in rubber.entries)
    assert _entries(sheet_html) == written
    assert _entries(sheet_html, new_only=True) == [e for e in written if e[3] == upto]
    assert _sheet_total("we", rubber.total("we")) in sheet_html
    assert _sheet_total("they", rubber.total("they")) in sheet_html
    assert (rubber.total("we"), rubber.total("they")) == (we, they)
    games = [side_name(record.game_to) for record in rubber.deals if record.game_to]
    assert re.findall(r"Game line: </span>game to (\w+)", sheet_html) == games
    # The sentence under the sheet names the deal that made the game, from the stored data.
    played = deals.SAMPLE_RUBBER[upto - 1]
    assert contract(played.contract) in after
    assert side_name(played.declarer) in after


def test_games_lesson_does_not_type_the_sample_rubber_again():
    from pathlib import Path

    from lessons import deals
    from lessons.course import TOPICS_BY_SLUG
    from scoring import parse_deals

    template = (
        Path(__file__).resolve().parents[2] / "lessons/templates" / TOPICS_BY_SLUG["games"].template
    )
    stored = [(d.declarer, d.contract, d.tricks) for d in deals.SAMPLE_RUBBER]
    for text in re.findall(r'{% rubber_sheet "([^"]*)"', template.read_text()):
        typed = [(deal.declarer, deal.contract, deal.tricks) for deal in parse_deals(text)]
        assert typed != stored[: len(typed)], f"the sample rubber typed again: {text!r}"


def test_vulnerability_lesson_shows_example_six_penalties(client, db):
    html = _page(client, "vulnerability")
    assert 'data-side="they" data-points="300" data-kind="undertricks"' in html
    assert 'data-side="they" data-points="800" data-kind="undertricks"' in html


def test_overtricks_lesson_shows_the_doubled_overtrick_of_deal_two(client, db):
    html = _page(client, "overtricks")
    assert 'data-table="overtricks"' in html
    assert "+230" in _breakdown_totals(html)  # 2CX making 9: 80 + 100 + 50


def test_undertricks_lesson_shows_the_documents_penalties(client, db):
    html = _page(client, "undertricks")
    assert 'data-table="undertricks"' in html
    assert 'data-side="they" data-points="50" data-kind="undertricks"' in html  # 4S making 9
    totals = _breakdown_totals(html)
    for penalty in ("−300", "−800", "−1100"):
        assert penalty in totals


def test_doubles_lesson_shows_doubled_and_redoubled_examples(client, db):
    html = _page(client, "doubles")
    totals = _breakdown_totals(html)
    assert "+270" in totals  # 2HX making 9: 120 + 100 + 50
    assert "+980" in totals  # 4HXX making 11 vulnerable: 480 + 400 + 100
    assert "−600" in totals  # 2DXX making 6 not vulnerable


def test_slams_lesson_shows_the_redoubled_grand_slam_entries(client, db):
    html = _page(client, "slams")
    # 7SXX making 13, vulnerable, five honors: 840 + 150 + 1500 + 100 + 700.
    for points, kind in (
        (840, "trick_score"),
        (150, "honors"),
        (1500, "slam_bonus"),
        (100, "insult"),
        (700, "rubber_bonus"),
    ):
        assert f'data-side="we" data-points="{points}" data-kind="{kind}"' in html
    # 6C making 13 earns the small slam bonus only.
    assert 'data-item="slam_bonus" data-side="declarer" data-points="750"' in html
    assert 'data-points="1500"' not in html.split('class="sheet-table"')[0]


def test_honors_lesson_scores_one_hand_and_not_a_split_holding(client, db):
    html = _page(client, "honors")
    assert 'data-item="honors" data-side="declarer" data-points="100"' in html
    assert 'data-item="honors" data-side="defenders" data-points="100"' in html
    assert "+180" in _breakdown_totals(html)  # 2H making 12: honors split, nothing for them


def test_rubber_lesson_shows_the_sample_rubber_and_the_unfinished_rubber(client, db):
    html = _page(client, "rubber")
    assert _sheet_total("we", 2380) in html
    assert _sheet_total("they", 550) in html
    assert "1830" in html
    assert _sheet_total("we", 1690) in html
    assert _sheet_total("they", 120) in html
    assert "1570" in html and "+16" in html
    assert 'data-side="we" data-points="300" data-kind="unfinished_game"' in html
    assert 'href="/lessons/sample-rubber/"' in html
    assert 'href="/lessons/sample-rubber/result/"' in html


def test_partners_lesson_shows_the_draw_and_links_to_the_sample_rubber(client, db):
    html = _page(client, "partners")
    assert html.count('class="playing-card"') == 5
    assert 'href="/lessons/sample-rubber/"' in html
    assert 'href="/lessons/sample-rubber/result/"' in html


def test_chicago_lesson_shows_the_sample_round_totals(client, db):
    html = _page(client, "chicago")
    assert 'data-total="we">1650<' in html
    assert 'data-total="they">1070<' in html
    assert ("1650", "1070") in _deal_table_totals(html)
    assert "580" in html and "+6" in html
    assert ("1520", "160") in _deal_table_totals(html)  # review quiz question 2
    assert 'data-table="bonuses"' in html


def test_duplicate_lesson_scores_the_four_hands_three_ways(client, db):
    html = _page(client, "duplicate")
    assert _sheet_total("we", 1690) in html  # as rubber bridge
    assert ("2490", "170") in _deal_table_totals(html)  # as Chicago, no carry-over
    assert "2320" in html and "+23" in html
    totals = _breakdown_totals(html)
    for total in ("+170", "+990", "−1100", "−400"):  # as duplicate
        assert total in totals
    for total in ("+110", "+420", "−100"):  # review quiz question 3
        assert total in totals
    assert 'data-table="boards"' in html


@pytest.mark.parametrize("total", ["+110", "+420", "+650", "+990", "+2140", "+2330", "−100"])
def test_simplicity_lesson_shows_each_example_as_an_engine_total(client, db, total):
    html = _page(client, "simplicity")
    assert total in _breakdown_totals(html)


def test_simplicity_lesson_shows_its_redoubled_bonus_beside_the_usual_one(client, db):
    html = _page(client, "simplicity")
    assert 'data-item="insult" data-side="declarer" data-points="50"' in html
    assert 'data-item="insult" data-side="declarer" data-points="100"' in html
    assert "+210" in _breakdown_totals(html)  # 2S making 8 with four honors: 110 + 100


def test_victory_points_lesson_converts_an_engine_difference(client, db):
    html = _page(client, "victory-points")
    assert 'data-table="victory-points"' in html
    assert "won it by 580 points" in html
    assert _sheet_total("we", 1690) in html
