"""A reader for each kind of question: from its words alone to the answer, worked a second
way; and the draws the tests read."""

from __future__ import annotations

import random
import re
from fractions import Fraction

from quizzes import sheet_drill
from quizzes.kinds import KINDS
from quizzes.skills import EVERYTHING, taught_through
from tests.quizzes.question_words import reference
from tests.quizzes.question_words.page import (
    CONTRACT_WORDS,
    OTHER,
    STRAINS,
    Unstated,
    as_choice,
    contract_in,
    find,
    page_html,
    read_sheet,
    sheet_vulnerable,
    text_of,
    vulnerable_in,
)
from tests.quizzes.question_words.reference import (
    TIMES,
    overtricks,
    parts,
    rubber_bonus,
    slam_bonus,
    trick_score,
)

# -- readers: one for each kind, from the words to the answer ---------------------------------


def deal_sentence(words: str) -> re.Match:
    return find(
        rf"(WE|THEY) (?:play|bid) (?:\S+ ){{1,3}}?{CONTRACT_WORDS}.*? tak(?:e|ing) (?:exactly )?"
        r"(\d+) tricks",
        words,
        "who plays what and the tricks taken",
    )


def read_line_place(words, markup):
    deal = deal_sentence(words)
    side, contract, tricks = deal.group(1).lower(), contract_in(deal.group(0)), int(deal.group(5))
    needed = 6 + parts(contract)[0]
    if tricks < needed:
        return {"penalty_place": f"{OTHER[side]}_above"}
    answer = {"trick_score_place": f"{side}_below"}
    if tricks > needed:
        answer["extra_place"] = f"{side}_above"
    return answer


def read_trick_value(words, markup):
    deal = deal_sentence(words)
    contract = contract_in(deal.group(0))
    assert int(deal.group(5)) == 6 + parts(contract)[0], words
    return {"points": trick_score(contract)}


def read_overtrick_value(words, markup):
    contract = contract_in(words)
    tricks = int(find(r"takes (\d+) tricks", words, "the tricks").group(1))
    return {"points": overtricks(contract, tricks - 6 - parts(contract)[0], vulnerable_in(words))}


def read_slam_bonus(words, markup):
    deal = deal_sentence(words)
    contract = contract_in(deal.group(0))
    return {"points": slam_bonus(parts(contract)[0], vulnerable_in(words, deal.group(1)))}


def read_doubled_above(words, markup):
    contract = contract_in(words)
    tricks = int(find(r"takes (\d+) tricks", words, "the tricks").group(1))
    over = tricks - 6 - parts(contract)[0]
    vulnerable = vulnerable_in(words, "so it")
    find(r"Neither side has a part-score", words, "that no part-score counts toward game")
    asked = find(r"What does the declaring side score above the line\?", words, "what is asked")
    assert asked
    points = 50 * TIMES[parts(contract)[2]] // 2 + overtricks(contract, over, vulnerable)
    game = trick_score(contract) >= 100
    if vulnerable and game:  # its second game: the deal wins the rubber
        if re.search(r"leave the rubber bonus out", words):
            return {"points": points}
        opponents = find(
            r"The opponents have (won|not won) a game", words, "whether the opponents have a game"
        ).group(1)
        find(r"Count the rubber bonus too", words, "that the rubber bonus counts")
        return {"points": points + rubber_bonus(opponents == "won")}
    return {"points": points}


SEAT_NAMES = {"North": "N", "East": "E", "South": "S", "West": "W"}
BOARD_VULNERABLE = ["none", "NS", "EW", "both", "NS", "EW", "both", "none"]
BOARD_VULNERABLE += ["EW", "both", "none", "NS", "both", "none", "NS", "EW"]
"""Boards 1 to 16 (rules §4): the pattern every set of boards repeats."""


def board_vulnerable(board: int) -> str:
    return BOARD_VULNERABLE[(board - 1) % 16]


def pair_of(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def read_duplicate_deal(words, markup):
    form = "simplicity" if words.count("Simplicity Bridge scoring.") else "duplicate"
    deal = find(
        rf"(North|East|South|West) plays (?:\S+ ){{1,3}}?{CONTRACT_WORDS} and takes (\d+) tricks",
        words,
        "the deal",
    )
    contract, tricks = contract_in(deal.group(0)), int(deal.group(5))
    if "Work out the vulnerability from the board number" in words:
        board = int(find(r"Board (\d+):", words, "the board").group(1))
        vulnerable = board_vulnerable(board) in ("both", pair_of(SEAT_NAMES[deal.group(1)]))
    else:
        vulnerable = vulnerable_in(words, "Declarer's side")
    honors = re.search(r"(The declaring side|A defender) held (.*?) in one hand", words)
    held, side = None, "declarer"
    if honors:
        held = HONORS_WORDS[honors.group(2)]
        side = "declarer" if honors.group(1) == "The declaring side" else "defenders"
    find(r"a plus figure when the declarers come out ahead", words, "the sign asked for")
    return {
        "answer": reference.score(
            contract, tricks, vulnerable, form=form, honors=held, honors_side=side
        )
    }


HONORS_WORDS = {
    "all five top trumps": "five_trumps",
    "four of the five top trumps": "four_trumps",
    "all four aces": "four_aces",
}


def read_undertricks(words, markup):
    contract = contract_in(words)
    down = int(find(r"goes (\d+) down", words, "how many down").group(1))
    vulnerable = find(r", (not )?vulnerable ,", words, "the vulnerability").group(1) is None
    return {"answer": reference.penalty(contract, 6 + parts(contract)[0] - down, vulnerable)}


def read_vulnerability(words, markup):
    if board := re.search(r"you pick up board (\d+)", words):
        number = int(board.group(1))
        return {
            "dealer": "NESW"[(number - 1) % 4],
            "vulnerable": board_vulnerable(number),
        }
    if chukker := re.search(
        r"(Chicago|Cavendish) form\. It is deal (\d) and (WE|THEY) deal", words
    ):
        form, number, dealer = chukker.group(1), int(chukker.group(2)), chukker.group(3).lower()
        if number == 1:
            return {"vulnerable": "none"}
        if number == 4:
            return {"vulnerable": "both"}
        return {"vulnerable": dealer if form == "Chicago" else OTHER[dealer]}
    find(r"Who is vulnerable on the next deal\?", words, "what is asked")
    return {"vulnerable": as_choice(sheet_vulnerable(read_sheet(markup, "The sheet so far")))}


def read_vulnerability_cost(words, markup):
    sheet = read_sheet(markup, "The sheet so far")
    deal = find(
        rf"(WE|THEY) bid (?:\S+ ){{1,3}}?{CONTRACT_WORDS} , not doubled, and took (\d+) tricks",
        words,
        "the deal",
    )
    side, contract, tricks = deal.group(1).lower(), contract_in(deal.group(0)), int(deal.group(5))
    vulnerable = sheet_vulnerable(sheet)
    penalty = reference.penalty(contract, tricks, side in vulnerable)
    return {"vulnerable": as_choice(vulnerable), "penalty": penalty}


def read_par_score(words, markup):
    game = find(
        rf"(North–South|East–West) can make (?:\S+ ){{1,3}}?{CONTRACT_WORDS} , taking (\d+) tricks",
        words,
        "the game",
    )
    save = find(
        rf"(North–South|East–West) can bid (?:\S+ ){{1,4}}?{CONTRACT_WORDS} and be doubled, going "
        r"(\d) down",
        words,
        "the sacrifice",
    )
    pairs = {"North–South": "NS", "East–West": "EW"}
    vulnerable = find(
        r"Vulnerable: (Neither pair|Both pairs|North–South|East–West)\.", words, "vul"
    )
    who = {"Neither pair": (), "Both pairs": ("NS", "EW")}.get(
        vulnerable.group(1), (pairs.get(vulnerable.group(1)),)
    )
    pair, saver = pairs[game.group(1)], pairs[save.group(1)]
    find(rf"each for {game.group(1)}", words, "whose side the figures are for")
    game_contract = contract_in(game.group(0))
    save_contract = contract_in(save.group(0))
    made = reference.score(game_contract, int(game.group(5)), pair in who, form="duplicate")
    needed = 6 + parts(save_contract)[0]
    cost = reference.penalty(save_contract, needed - int(save.group(5)), saver in who)
    return {"game": made, "save": cost, "par": min(made, cost)}


def read_partners(words, markup):
    drawn = re.findall(r"<li><strong>(\w+)</strong>: (.*?)</li>", markup)
    if not drawn:
        raise Unstated("the cards drawn")
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace"]
    suits = ["clubs", "diamonds", "hearts", "spades"]
    cards = {}
    for player, card in drawn:
        rank, suit = find(r"(\w+) of (\w+)", text_of(card), "the card").groups()
        rank = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}.get(rank, rank.lower())
        cards[player] = (ranks.index(rank), suits.index(suit))
    order = sorted(cards, key=cards.__getitem__, reverse=True)
    asked = find(r"Who is (\w+)'s partner\?", words, "whose partner is asked").group(1)
    index = order.index(asked)
    answer = {"partner": order[index ^ 1]}
    if len(order) == 5:
        find(r"Who sits out the first rubber\?", words, "who sits out")
        answer["sits_out"] = order[4]
    return answer


def read_honors(words, markup):
    contract = contract_in(words)
    _, strain, _ = parts(contract)
    honors = ["A"] if strain == "NT" else ["A", "K", "Q", "J", "10"]
    answer = {"side": "none", "points": 0}
    for side, held in re.findall(r"<li><strong>.*?</strong> \((WE|THEY)\): (.*?)</li>", markup):
        cards = re.findall(r"(ace|king|queen|jack|10) of (\w+)", text_of(held))
        names = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "10": "10"}
        if strain == "NT":
            count = sum(1 for rank, _ in cards if rank == "ace")
            points = 150 if count == 4 else 0
        else:
            trump = {v: k for k, v in STRAINS.items()}[strain] + "s"
            count = sum(1 for rank, suit in cards if suit == trump and names[rank] in honors)
            points = {5: 150, 4: 100}.get(count, 0)
        if points:
            answer = {"side": side.lower(), "points": points}
    return answer


def read_game_check(words, markup):
    sheet = read_sheet(markup, "The sheet before this deal")
    deal = deal_sentence(words)
    side, contract = deal.group(1).lower(), contract_in(deal.group(0))
    return {"game": "yes" if sheet["part_score"][side] + trick_score(contract) >= 100 else "no"}


def read_rubber_deal(words, markup):
    """The sheet before the deal, read off its cells; the deal scored afresh by the engine;
    the game and the rubber worked out from the sheet's part-scores and game lines."""
    sheet = read_sheet(markup, "The sheet before this deal")
    deal = find(
        rf"Now (WE|THEY) play (?:\S+ ){{1,3}}?{CONTRACT_WORDS} and take (\d+) tricks",
        words,
        "the deal",
    )
    side, contract, tricks = deal.group(1).lower(), contract_in(deal.group(0)), int(deal.group(5))
    honors = re.search(r"(WE|THEY) held (.*?) in one hand", words)
    held = HONORS_WORDS[honors.group(2)] if honors else None
    holder = (
        ("declarer" if honors.group(1).lower() == side else "defenders") if honors else "declarer"
    )
    vulnerable = side in sheet_vulnerable(sheet)
    lines = reference.deal_lines(contract, tricks, vulnerable, honors=held, honors_side=holder)
    columns = {"we": {"above": 0, "below": 0}, "they": {"above": 0, "below": 0}}
    for line in lines:
        owner = side if line.owner == "declarer" else OTHER[side]
        columns[owner][line.place] += line.points
    game = sheet["part_score"][side] + columns[side]["below"] >= 100
    over = game and sheet["games"][side] == 1
    if over:
        columns[side]["above"] += rubber_bonus(sheet["games"][OTHER[side]])
    answer = {f"{s}_{p}": columns[s][p] for s in columns for p in ("above", "below")}
    if "Did this deal make a game?" in words:
        answer["game"] = "yes" if game else "no"
    if "Is the rubber over?" in words:
        answer["rubber_over"] = "yes" if over else "no"
    if "Who is vulnerable now?" in words:
        games = {s: sheet["games"][s] + (game and s == side) for s in columns}
        answer["vulnerable"] = as_choice(s for s in games if games[s])
    return answer


def read_four_deal(words, markup):
    form = find(r"Four-deal bridge, (Chicago|Cavendish) form", words, "the form").group(1).lower()
    first = find(r"(WE|THEY) dealt first", words, "who dealt first").group(1).lower()
    chukker = reference.Chukker(form=form, first_dealer=first)
    table = re.search(
        r'<table class="data pad-stack" data-table="deals">(.*?)</table>', markup, re.S
    )
    if table:
        head, body = table.group(1).split("<tbody>")
        columns = [text_of(c) for c in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("</tbody>")[0], re.S):
            cells = [text_of(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
            cells = dict(zip(columns, cells, strict=True))
            said = cells["Contract"]
            played = find(rf"{CONTRACT_WORDS} by (WE|THEY)", said, "a deal before").group(0)
            honors = re.search(r"with (\d+) for honors to (WE|THEY)", said)
            declarer = played.split(" by ")[1].lower()
            held, holder = None, None
            if honors:
                held = {"150": "five_trumps", "100": "four_trumps"}[honors.group(1)]
                if "NT" in contract_in(played):
                    held = "four_aces"
                holder = honors.group(2).lower()
            chukker.play(declarer, contract_in(played), int(cells["Tricks"]), held, holder)
    deal = find(
        rf"Deal (\d), dealt by (WE|THEY): (WE|THEY) play (?:\S+ ){{1,3}}?{CONTRACT_WORDS} and take "
        r"(\d+) tricks",
        words,
        "the deal",
    )
    assert int(deal.group(1)) == chukker.number, words
    side = deal.group(3).lower()
    honors = re.search(r"need \d+\)\. (WE|THEY) held (.*?) in one hand", words)
    held = HONORS_WORDS[honors.group(2)] if honors else None
    holder = honors.group(1).lower() if honors else None
    points = chukker.play(side, contract_in(deal.group(0)), int(deal.group(7)), held, holder)
    return {"we_points": points["we"], "they_points": points["they"]}


def read_rubber_total(words, markup):
    sheet = read_sheet(markup, "The sheet when play stops")
    totals = dict(sheet["totals"])
    games = sheet["games"]
    if "The last deal has just won the rubber." in words:
        if "The sheet below does not yet show the rubber bonus" in words:
            winner = max(games, key=games.get)
            totals[winner] += rubber_bonus(games[OTHER[winner]])
        else:
            find(r"the rubber bonus of the last deal included", words, "whether the bonus is in")
    else:
        find(r"the rubber is unfinished", words, "whether the rubber is over")
        find(r"does not yet show the bonuses for an unfinished rubber", words, "what to add")
        for side in totals:
            if games[side] and not games[OTHER[side]]:
                totals[side] += 300
            if sheet["part_score"][side] and not sheet["part_score"][OTHER[side]]:
                totals[side] += 100
    find(r"an exact 50 rounds up", words, "how an exact 50 rounds")
    difference = abs(totals["we"] - totals["they"])
    return {
        "we_total": totals["we"],
        "they_total": totals["they"],
        "difference": difference,
        "hundreds": (difference + 50) // 100,
    }


def read_victory_points(words, markup):
    difference = int(find(r"the winners are (\d+) points ahead", words, "the difference").group(1))
    winners, losers = reference.club_victory_points(difference)
    return {"winner_vp": winners, "loser_vp": losers}


def read_imp_scale(words, markup):
    signed = find(r"net score on a board is ([+−-]?\d+) points", words, "the difference").group(1)
    return {"imps": reference.imps(int(signed.replace("−", "-").replace("+", "")))}


def traveller_scores(markup) -> list[int]:
    body = find(r'data-table="traveller">(.*?)</table>', markup, "the traveller").group(1)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("<tbody>")[1], re.S)
    return [
        int(text_of(re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)[-1]).replace("−", "-"))
        for r in rows
    ]


def read_matchpoint_row(words, markup):
    scores = traveller_scores(markup)
    pair, table = find(
        r"How many matchpoints do (North–South|East–West) at table (\d+) earn", words, "the row"
    ).groups()
    sign = 1 if pair == "North–South" else -1
    if sign < 0:
        find(r"each E-W pair scores the same figure with the sign turned round", words, "E-W")
    own = sign * scores[int(table) - 1]
    others = [sign * s for i, s in enumerate(scores) if i != int(table) - 1]
    earned = sum(Fraction(1) if own > s else Fraction(1, 2) if own == s else 0 for s in others)
    return {"matchpoints": earned}


def read_butler_datum(words, markup):
    scores = traveller_scores(markup)
    table = int(find(r"N-S at table (\d+) score against it", words, "the table asked").group(1))
    datum = reference.butler_datum(scores)
    return {"datum": datum, "imps": reference.imps(scores[table - 1] - datum)}


def read_team_board(words, markup):
    vulnerable = find(
        r"board \d+: (Neither pair|Both pairs|North–South|East–West) vulnerable", words, "vul"
    ).group(1)
    who = {"Neither pair": "none", "Both pairs": "both", "North–South": "NS", "East–West": "EW"}
    rooms = re.findall(
        rf"Room (\d) \(.*?\): (North|East|South|West) plays (?:\S+ ){{1,3}}?{CONTRACT_WORDS} and "
        r"takes (\d+) tricks",
        words,
    )
    if len(rooms) != 2:
        raise Unstated(f"both rooms: {words}")
    ns = []
    for _, seat, level, strain, doubling, tricks in rooms:
        contract = contract_in(f"{level} {strain} {doubling}".strip())
        pair = pair_of(SEAT_NAMES[seat])
        score = reference.score(
            contract, int(tricks), who[vulnerable] in ("both", pair), form="duplicate"
        )
        ns.append(score if pair == "NS" else -score)
    won = reference.imps(ns[0] - ns[1])
    winner = "us" if won > 0 else "them" if won < 0 else "neither"
    return {"ns_room1": ns[0], "ns_room2": ns[1], "winner": winner, "imps": abs(won)}


def read_match_vp(words, markup):
    boards, ours, theirs = map(
        int,
        find(
            r"A teams match of (\d+) boards ends with your team on (\d+) IMPs and the other team "
            r"on (\d+)",
            words,
            "the match",
        ).groups(),
    )
    ours_vp, theirs_vp = reference.wbf_victory_points(ours, theirs, boards)
    return {"ours_vp": ours_vp, "theirs_vp": theirs_vp}


READERS = {
    "line_place": read_line_place,
    "trick_value": read_trick_value,
    "game_check": read_game_check,
    "overtrick_value": read_overtrick_value,
    "doubled_above": read_doubled_above,
    "slam_bonus": read_slam_bonus,
    "duplicate_deal": read_duplicate_deal,
    "rubber_deal": read_rubber_deal,
    "four_deal": read_four_deal,
    "undertricks": read_undertricks,
    "vulnerability": read_vulnerability,
    "honors": read_honors,
    "rubber_total": read_rubber_total,
    "victory_points": read_victory_points,
    "partners": read_partners,
    "matchpoint_row": read_matchpoint_row,
    "imp_scale": read_imp_scale,
    "butler_datum": read_butler_datum,
    "team_board": read_team_board,
    "match_vp": read_match_vp,
    "vulnerability_cost": read_vulnerability_cost,
    "par_score": read_par_score,
}


def read_answer(kind, situation) -> dict:
    markup = page_html(kind, situation)
    return READERS[kind.key](text_of(markup), markup)


def draws(kind, count: int, start: int = 0):
    """`count` situations of `kind`, a few drawn as early in the course as the kind can be."""
    stages = [EVERYTHING]
    for skill in ("doubles", "games", "vulnerability", "rubber"):
        taught = taught_through(skill)
        if kind.available(taught):
            stages.append(taught)
    for seed in range(start, start + count):
        yield kind.generate(random.Random(seed), stages[seed % len(stages)])


def check(kind, count: int, start: int = 0):
    for situation in draws(kind, count, start):
        expected = kind.solve(situation).answer
        assert read_answer(kind, situation) == expected, (kind.key, situation)


def sheet_steps(count: int, start: int = 0):
    """The steps of Fill in the sheet (each an ordinary question of its kind), for rubbers
    and chukkers planned with seeds `start`, `start` + 1, ..."""
    for seed in range(start, start + count):
        form = ("rubber", "chicago")[seed % 2]
        drawn = sheet_drill.plan(form, random.Random(seed))
        for number in range(1, sheet_drill.step_count(form, drawn.deals) + 1):
            yield sheet_drill.step(form, drawn.deals, drawn.first_dealer, number)


def check_sheets(count: int, start: int = 0):
    for key, situation in sheet_steps(count, start):
        kind = KINDS[key]
        assert read_answer(kind, situation) == kind.solve(situation).answer, (key, situation)
