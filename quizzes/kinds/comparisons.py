"""Kinds that compare results across tables: IMPs, matchpoints, the Butler datum, a board
at teams and victory points for a match (rules §9). Every figure comes from the engine's
comparisons; a slip is replayed there too (a band misread, ties counted as wins, ...)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext, gettext_noop

from common.figures import figure
from common.words import say
from quizzes.kinds.base import (
    Field,
    QuestionKind,
    SituationData,
    Solution,
    believes,
    form_believed,
    is_whole,
    nested,
    sentence,
    translated,
)
from quizzes.kinds.dealing import contract_skills
from quizzes.skills import EVERYTHING
from scoring import (
    IMP_STEPS,
    BoardResult,
    Misreading,
    ScoringError,
    Traveller,
    against_datum,
    board_conditions,
    butler,
    imp_band,
    imps_read_off,
    match_vp,
    matchpoints,
    opponents_vp,
    score_deal,
    seat_vulnerable,
    team_board,
)

# A board's usual contracts, weighted as they turn up at a club: games most of all.
CONTRACTS = {
    "4S": 14,
    "4H": 12,
    "3NT": 14,
    "2S": 7,
    "2H": 6,
    "1NT": 6,
    "2NT": 3,
    "3C": 4,
    "3D": 4,
    "5D": 3,
    "5C": 2,
    "6S": 2,
    "6NT": 2,
    "6H": 1,
}
# What another table bids instead: one level lower, or the other game.
OTHER_CONTRACT = {
    "4S": ("3S", "3NT", "5S"),
    "4H": ("3H", "3NT", "5H"),
    "3NT": ("2NT", "4S", "4H", "1NT"),
    "2S": ("3S", "1NT", "2H"),
    "2H": ("3H", "1NT", "2S"),
    "1NT": ("2NT", "2H", "2S"),
    "2NT": ("3NT", "1NT"),
    "3C": ("2C", "3NT", "5C"),
    "3D": ("2D", "3NT", "5D"),
    "5D": ("3NT", "4D", "6D"),
    "5C": ("3NT", "4C", "6C"),
    "6S": ("4S", "6NT", "7S"),
    "6NT": ("3NT", "6S", "7NT"),
    "6H": ("4H", "6NT", "7H"),
}
# Sacrifices by the other pair, doubled, a few down: the scores far from the others.
SACRIFICES = ("5DX", "5CX", "4SX", "5HX", "3CX", "2DX")
RESULT_OFFSETS = (-2, -1, -1, 0, 0, 0, 0, 1, 1, 1, 2)
PAIR_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}
OTHER_PAIR = {"NS": "EW", "EW": "NS"}
DIRECTION_NAMES = {"NS": gettext_noop("North–South"), "EW": gettext_noop("East–West")}
MATCH_LENGTHS = (8, 10, 12, 14, 16, 20, 24)


@dataclass(frozen=True)
class TableRow(SituationData):
    """One table's result on a board: a seat declared, the contract, the tricks taken."""

    declarer: str
    contract: str
    tricks: int


@dataclass(frozen=True)
class ImpScaleSituation(SituationData):
    difference: int


@dataclass(frozen=True)
class MatchpointSituation(SituationData):
    """A board's traveller, the table asked about (from 0) and the direction scored."""

    board: int
    rows: tuple[TableRow, ...] = nested(TableRow)
    asked: int = 0
    direction: str = "NS"


@dataclass(frozen=True)
class ButlerSituation(SituationData):
    """A board's traveller and the table asked about (from 0)."""

    board: int
    rows: tuple[TableRow, ...] = nested(TableRow)
    asked: int = 0


@dataclass(frozen=True)
class TeamBoardSituation(SituationData):
    """A board as played in the two rooms of a teams match."""

    board: int
    rooms: tuple[TableRow, ...] = nested(TableRow)


@dataclass(frozen=True)
class MatchVPSituation(SituationData):
    boards: int
    ours: int
    theirs: int


def random_board(rng, tables: int) -> tuple[int, tuple[TableRow, ...]]:
    """One board as played at `tables` tables: its number and each table's result."""
    board = rng.randint(1, 16)
    pair = "NS" if rng.random() < 0.7 else "EW"
    contract = rng.choices(list(CONTRACTS), weights=list(CONTRACTS.values()))[0]
    rows = []
    for _ in range(tables):
        roll = rng.random()
        if roll < 0.1:
            sacrifice = rng.choice(SACRIFICES)
            declarer = rng.choice(PAIR_SEATS[OTHER_PAIR[pair]])
            needed = 6 + int(sacrifice[0])
            rows.append(TableRow(declarer, sacrifice, needed - rng.randint(1, 3)))
            continue
        bid = rng.choice(OTHER_CONTRACT[contract]) if roll < 0.3 else contract
        needed = 6 + int(bid[0])
        tricks = max(0, min(13, needed + rng.choice(RESULT_OFFSETS)))
        rows.append(TableRow(rng.choice(PAIR_SEATS[pair]), bid, tricks))
    return board, tuple(rows)


def traveller(board: int, rows) -> Traveller:
    """The engine's traveller of a situation's board: tables numbered 1, 2, 3 ..."""
    sheet = Traveller(board)
    for number, row in enumerate(rows, start=1):
        sheet.record(str(number), row.declarer, row.contract, row.tricks)
    return sheet


def band_slip(mistake) -> int:
    """How many rows off the IMP table a learner holding `mistake` reads it."""
    if believes(mistake, Misreading.IMP_BAND_LOW):
        return -1
    if believes(mistake, Misreading.IMP_BAND_HIGH):
        return 1
    return 0


def imps_believed(difference: int, mistake) -> int:
    """A difference's IMPs as a learner holding `mistake` reads the table."""
    won = imps_read_off(difference, band_slip(mistake))
    return abs(won) if believes(mistake, Misreading.IMPS_UNSIGNED) else won


def _edge_difference(rng) -> int:
    """Half the time one side of a band's edge, where a misread row shows; else anywhere."""
    if rng.random() < 0.5:
        step = rng.choice(IMP_STEPS[:-1])
        return step - 10 * rng.randint(0, 1)
    return 10 * rng.randint(0, 250)


class ImpScale(QuestionKind):
    key = "imp_scale"
    title = gettext_noop("IMPs: convert a difference")
    instruction = gettext_noop(
        "Convert the difference into IMPs: a minus figure when your team loses IMPs."
    )
    template = "quizzes/kinds/imp_scale.html"
    possible_skills = ("imps",)
    requires = ("imps",)
    mistakes = ("imp_table_one_band_low", "imp_table_one_band_high", "imps_not_signed")
    single_idea = True

    situation_type = ImpScaleSituation

    def draw(self, rng, taught=EVERYTHING):
        difference = _edge_difference(rng)
        return ImpScaleSituation(-difference if rng.random() < 0.4 else difference)

    def fields(self, situation):
        return [
            Field("imps", gettext("IMPs for your team"), "signed", hint=gettext("e.g. 10 or -10"))
        ]

    def solve(self, situation, mistake=None):
        difference = situation.difference
        return Solution(
            {"imps": imps_believed(difference, mistake)},
            notes=(sentence(imp_band(difference)), gettext(SIGN_NOTE)),
        )

    def skills(self, situation):
        return ["imps"]

    def attributes(self, situation):
        return {"difference": situation.difference}


SIGN_NOTE = gettext_noop(
    "IMPs take the sign of the difference: points won are IMPs won, points lost are lost."
)


class MatchpointRow(QuestionKind):
    """One pair's matchpoints on a traveller: the situation keeps the board's results, the
    table asked about and the direction (its N-S pair, or its E-W pair)."""

    key = "matchpoint_row"
    title = gettext_noop("Matchpoints: one row of a traveller")
    instruction = gettext_noop(
        "Enter the pair's matchpoints: 1 for each score beaten, ½ for each tie."
    )
    template = "quizzes/kinds/matchpoint_row.html"
    possible_skills = ("matchpoints",)
    requires = ("matchpoints",)
    mistakes = ("ties_counted_as_wins", "ties_counted_as_losses")
    single_idea = True

    situation_type = MatchpointSituation

    def draw(self, rng, taught=EVERYTHING):
        board, rows = random_board(rng, rng.randint(4, 8))
        scores = traveller(board, rows).scores()
        tied = [i for i, score in enumerate(scores) if scores.count(score) > 1]
        # Ties are where learners slip: most questions ask about a tied score.
        asked = rng.choice(tied) if tied and rng.random() < 0.7 else rng.randrange(len(scores))
        direction = "EW" if rng.random() < 0.25 else "NS"
        return MatchpointSituation(board, rows, asked, direction)

    def fields(self, situation):
        pair = gettext(DIRECTION_NAMES[situation.direction])
        label = gettext("Matchpoints for {pair} at table {table}").format(
            pair=pair, table=situation.asked + 1
        )
        return [
            Field(
                "matchpoints", label, "half", hint=gettext("Whole or half: type a half as ½ or .5")
            )
        ]

    def prompt(self, situation):
        return {"traveller": traveller(situation.board, situation.rows)}

    def solve(self, situation, mistake=None):
        ties = "half"
        if believes(mistake, Misreading.TIES_AS_WINS):
            ties = "won"
        elif believes(mistake, Misreading.TIES_AS_LOSSES):
            ties = "lost"
        sheet = traveller(situation.board, situation.rows)
        direction = situation.direction
        results = matchpoints(sheet.scores(direction), ties=ties)
        result = results[situation.asked]
        notes = [
            # Translators: a brace template; "% of" is not a printf conversion.
            # xgettext:no-python-format
            gettext("{reason}, {percentage}% of the top.").format(
                reason=say(result.reason), percentage=figure(Decimal(f"{result.percentage:g}"))
            )
        ]
        if direction == "EW":
            notes.insert(0, gettext("E-W's scores are N-S's with the sign turned round."))
        return Solution({"matchpoints": float(result.matchpoints)}, notes=tuple(notes))

    def skills(self, situation):
        return ["matchpoints"]

    def attributes(self, situation):
        return {
            "board": situation.board,
            "tables": len(situation.rows),
            "direction": situation.direction,
        }


class ButlerDatum(QuestionKind):
    key = "butler_datum"
    title = gettext_noop("Butler: the datum and the IMPs against it")
    instruction = gettext_noop(
        "Work out the datum from N-S's scores, then the IMPs N-S at the table asked about "
        "score against it."
    )
    template = "quizzes/kinds/butler_datum.html"
    possible_skills = ("imps",)
    requires = ("imps",)
    mistakes = (
        "datum_extremes_kept",
        "imp_table_one_band_low",
        "imp_table_one_band_high",
        "imps_not_signed",
    )

    situation_type = ButlerSituation

    def draw(self, rng, taught=EVERYTHING):
        board, rows = random_board(rng, rng.choice((4, 5, 5, 6, 6, 7, 8)))
        return ButlerSituation(board, rows, rng.randrange(len(rows)))

    def fields(self, situation):
        table = situation.asked + 1
        return [
            Field("datum", gettext("The datum (N-S)"), "signed", hint=gettext("e.g. 420 or -50")),
            Field(
                "imps",
                gettext("IMPs for N-S at table {table}").format(table=table),
                "signed",
                hint=gettext("e.g. 5 or -6"),
            ),
        ]

    def prompt(self, situation):
        return {"traveller": traveller(situation.board, situation.rows)}

    def solve(self, situation, mistake=None):
        sheet = traveller(situation.board, situation.rows)
        keep = believes(mistake, Misreading.DATUM_EXTREMES_KEPT)
        board = butler(sheet.scores(), keep_extremes=keep)
        row = board.results[situation.asked]
        return Solution(
            {"datum": board.datum, "imps": imps_believed(row.difference, mistake)},
            notes=(sentence(board.reason), sentence(row.reason)),
        )

    def skills(self, situation):
        return ["imps"]

    def follow_through(self, situation, given):
        """The IMPs judged against the learner's own datum: a wrong datum is one slip, not
        two. The engine measures the table's score against it."""
        datum = given.get("datum")
        if not is_whole(datum):
            return {}
        score = traveller(situation.board, situation.rows).scores()[situation.asked]
        return {"imps": against_datum(score, datum).imps}

    def attributes(self, situation):
        return {"board": situation.board, "tables": len(situation.rows)}


ROOM_SLIPS = (
    (Misreading.VULNERABILITY_ROOM_1, Misreading.NS_SIGN_ROOM_1),
    (Misreading.VULNERABILITY_ROOM_2, Misreading.NS_SIGN_ROOM_2),
)
"""The slips a learner can make in scoring each room's deal: (vulnerability, sign)."""


def room_score(board: int, room: TableRow, mistake, slips=(None, None)) -> int:
    """N-S's score in one room, as a learner holding `mistake` works it out: with the
    board's vulnerability (or the other way round), by the rules as they believe them, and
    signed from N-S's side (or the other way round). With no mistake, the engine's score."""
    flip_vulnerability, flip_sign = (believes(mistake, slip) for slip in slips)
    vulnerable = seat_vulnerable(board, room.declarer) != flip_vulnerability
    result = score_deal(
        room.contract, room.tricks, vulnerable, form=form_believed("duplicate", mistake)
    )
    played = BoardResult(board, *board_conditions(board), room.declarer, result)
    ns = played.ns - played.ew  # the engine says which pair scores what
    return -ns if flip_sign else ns


WINNER_CHOICES = (
    ("us", gettext_noop("Your team")),
    ("them", gettext_noop("The other team")),
    ("neither", gettext_noop("Neither: 0 IMPs")),
)


class TeamBoard(QuestionKind):
    """A board of a teams match: your pair sat N-S in room 1, your teammates E-W in room 2."""

    key = "team_board"
    title = gettext_noop("Teams: who won the board, and by how many IMPs")
    instruction = gettext_noop(
        "Score the board in each room from N-S's side, then say which team won it and by "
        "how many IMPs."
    )
    template = "quizzes/kinds/team_board.html"
    possible_skills = (
        "imps",
        "duplicate",
        "vulnerability",
        "trick_score",
        "overtricks",
        "undertricks",
        "doubles",
        "slams",
    )
    requires = ("imps",)
    mistakes = (
        # Slips in scoring a room's deal, before any IMPs: named with the room.
        "room1_vulnerability_reversed",
        "room2_vulnerability_reversed",
        "room1_ns_sign_reversed",
        "room2_ns_sign_reversed",
        # Slips of the rules of one deal, made in whichever room they change.
        "game_bonus_forgotten",
        "slam_bonus_missed",
        "undoubled_scale_when_doubled",
        # Slips in comparing the rooms.
        "other_room_sign_kept",
        "imp_table_one_band_low",
        "imp_table_one_band_high",
        "imps_not_signed",
    )

    situation_type = TeamBoardSituation

    def draw(self, rng, taught=EVERYTHING):
        return TeamBoardSituation(*random_board(rng, 2))

    def fields(self, situation):
        return [
            Field(
                "ns_room1",
                gettext("N-S's score in room 1"),
                "signed",
                hint=gettext("e.g. 420 or -100"),
            ),
            Field(
                "ns_room2",
                gettext("N-S's score in room 2"),
                "signed",
                hint=gettext("e.g. 420 or -100"),
            ),
            Field(
                "winner", gettext("Which team won the board?"), "choice", translated(WINNER_CHOICES)
            ),
            Field(
                "imps", gettext("By how many IMPs?"), hint=gettext("0 for a board with no winner")
            ),
        ]

    def prompt(self, situation):
        # Only the board's vulnerability: the rooms' scores are answers here.
        return {"vulnerable": board_conditions(situation.board)[1]}

    def solve(self, situation, mistake=None):
        sheet = traveller(situation.board, situation.rooms)
        room1, room2 = (
            room_score(situation.board, room, mistake, slips)
            for room, slips in zip(situation.rooms, ROOM_SLIPS, strict=True)
        )
        swapped = believes(mistake, Misreading.OTHER_ROOM_AS_OURS)
        board = team_board(room1, room2, other_room_as_ours=swapped)
        won = imps_believed(board.swing, mistake)
        winner = "us" if won > 0 else "them" if won < 0 else "neither"
        return Solution(
            {"ns_room1": room1, "ns_room2": room2, "winner": winner, "imps": abs(won)},
            notes=(
                *(gettext("Room {reason}.").format(reason=say(row.reason)) for row in sheet.rows),
                sentence(board.reason),
            ),
        )

    def skills(self, situation):
        skills = ["imps", "duplicate", "vulnerability"]
        for room in situation.rooms:
            skills += contract_skills(room.contract, room.tricks)
        return list(dict.fromkeys(skills))

    def follow_through(self, situation, given):
        """The board's winner and its IMPs from the learner's own two rooms' scores: a room
        scored wrong is one slip, not three. The engine compares the rooms."""
        rooms = given.get("ns_room1"), given.get("ns_room2")
        if not all(is_whole(score) for score in rooms):
            return {}
        won = team_board(*rooms).imps
        return {"winner": "us" if won > 0 else "them" if won < 0 else "neither", "imps": abs(won)}

    def box_skills(self, situation, name):
        if name in ("winner", "imps"):
            return ["imps"]
        room = situation.rooms[0 if name == "ns_room1" else 1]
        return ["duplicate", "vulnerability", *contract_skills(room.contract, room.tricks)]

    def attributes(self, situation):
        return {"board": situation.board}


class MatchVictoryPoints(QuestionKind):
    key = "match_vp"
    title = gettext_noop("Victory points for a teams match")
    instruction = gettext_noop(
        "Read each team's victory points off the scale for this match, to 2 decimals."
    )
    template = "quizzes/kinds/match_vp.html"
    possible_skills = ("match_vp",)
    requires = ("match_vp",)
    mistakes = ("vp_read_for_the_total", "vp_to_the_wrong_team")
    single_idea = True

    situation_type = MatchVPSituation

    def draw(self, rng, taught=EVERYTHING):
        boards = rng.choice(MATCH_LENGTHS)
        theirs = rng.randint(3, 45)
        # Mostly a margin on the scale's curve; sometimes a draw or a blitz.
        margin = rng.choice((0, rng.randint(1, 12), rng.randint(1, 30), rng.randint(20, 90)))
        ours = theirs + margin
        if rng.random() < 0.5:
            ours, theirs = theirs, ours
        return MatchVPSituation(boards, ours, theirs)

    def fields(self, situation):
        return [
            Field("ours_vp", gettext("Your team's VP"), "decimal", hint=gettext("e.g. 13.52")),
            Field(
                "theirs_vp", gettext("The other team's VP"), "decimal", hint=gettext("e.g. 6.48")
            ),
        ]

    def solve(self, situation, mistake=None):
        at_total = believes(mistake, Misreading.VP_FOR_TOTAL)
        match = match_vp(situation.ours, situation.theirs, situation.boards, at_total=at_total)
        ours, theirs = match.vp
        if believes(mistake, Misreading.VP_TO_LOSERS):  # the winners' share taken by the losers
            ours, theirs = max(ours, theirs), min(ours, theirs)
        return Solution({"ours_vp": ours, "theirs_vp": theirs}, notes=(sentence(match.reason),))

    def skills(self, situation):
        return ["match_vp"]

    def follow_through(self, situation, given):
        """The other team's VP from the learner's own figure for theirs: the two make 20, so
        a scale misread is one slip, not two."""
        try:
            return {"theirs_vp": opponents_vp(given.get("ours_vp"))}
        except ScoringError:
            return {}  # blank, or no team's VP (over 20): nothing follows from it

    def attributes(self, situation):
        return {k: getattr(situation, k) for k in ("boards", "ours", "theirs")}
