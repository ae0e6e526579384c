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
ENGINE_MARKUP = (
    "data-table=",
    'class="sheet-table"',
    'class="breakdown"',
    'class="playing-card"',
    'class="worked-sheet"',
)


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


# The games lesson's sheets: (deals, WE total, THEY total, games by deal). Its deals are made
# exactly and undoubled: the lesson comes before overtricks, undertricks and doubles.
GAMES_SHEETS = {
    "Two part-scores make a game (deal 3 is marked)": (
        "we 2H 8; they 1S 7; we 2NT 8",
        130,
        30,
        ["WE"],
    ),
    "THEY's part-score is killed by WE's game (deal 3 is marked)": (
        "they 2S 8; we 4H 10; they 2D 8",
        120,
        100,
        ["WE"],
    ),
}


@pytest.mark.parametrize("caption", GAMES_SHEETS)
def test_games_lesson_draws_its_sheets_as_the_engine_scores_them(client, db, caption):
    from drawing.templatetags.cards import side_name
    from lessons import deals
    from scoring import Contract, parse_deals

    text, we, they, games = GAMES_SHEETS[caption]
    sheet_html, _after = _sheet(_page(client, "games"), caption)
    played = parse_deals(text)
    rubber = deals.play_rubber(played)
    written = sorted((e.side, e.points, e.item.kind.value, e.deal) for e in rubber.entries)
    assert _entries(sheet_html) == written
    assert _entries(sheet_html, new_only=True) == [e for e in written if e[3] == len(played)]
    assert (rubber.total("we"), rubber.total("they")) == (we, they)
    assert [side_name(r.game_to) for r in rubber.deals if r.game_to] == games
    assert re.findall(r"Game line: </span>game to (\w+)", sheet_html) == games
    assert all(d.tricks == Contract.parse(d.contract).tricks_needed for d in played)


def test_vulnerability_lesson_shows_two_undoubled_vulnerable_penalties(client, db):
    html = _page(client, "vulnerability")
    assert 'data-side="they" data-points="300" data-kind="undertricks"' in html  # 4S, 3 down
    assert 'data-side="they" data-points="100" data-kind="undertricks"' in html  # 3NT, 1 down
    # No doubled penalty: doubles come three lessons later (the 800 of 3NTX three down).
    assert 'data-points="800"' not in html


def test_overtricks_lesson_shows_a_doubled_overtrick(client, db):
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
    # 7SXX making 13, not vulnerable, on a rubber's first deal: 840 + 1000 + 100.
    for points, kind in ((840, "trick_score"), (1000, "slam_bonus"), (100, "insult")):
        assert f'data-side="we" data-points="{points}" data-kind="{kind}"' in html
    # No honors and no rubber bonus: their lessons come after this one.
    assert 'data-kind="honors"' not in html
    assert 'data-kind="rubber_bonus"' not in html
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
