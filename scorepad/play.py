"""A score pad's game, replayed through the engine from the deals as entered.

Pure Python, no Django: a game is its setup plus a list of deals stored as data, and
every figure the pad shows comes from replaying that list through `scoring`. Undo and
editing an earlier deal are then just a shorter or changed list, replayed again.

A stored deal is a played deal as data (`scoring.PlayedDeal.as_data()`): ``{"declarer":
"we", "contract": "4HX", "tricks": 10, "honors": "four_trumps", "honors_side": "we"}``,
or ``{"passed_out": True}``; at duplicate, ``"declarer"`` is a seat (N, E, S, W) and
every deal has a ``"board"``.

>>> setup = Setup(kind="rubber")
>>> play = replay(setup, [{"declarer": "we", "contract": "4S", "tricks": 10}])
>>> play.sheet.total("we"), sorted(play.next_deal.vulnerable)
(120, ['we'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_noop

from scoring import (
    BackScore,
    BoardResult,
    DealRecord,
    Draw,
    DuplicateSession,
    FourDeal,
    PairsSession,
    PlayedDeal,
    Rubber,
    ScoreSheet,
    ScoringError,
    Table,
    Traveller,
    board_conditions,
    first_table,
    five_player_rotation,
)
from scoring.club import victory_points_by_side

RUBBER, CHUKKER, DUPLICATE = "rubber", "chukker", "duplicate"

ENDED_MESSAGE = gettext_noop("This game is over: undo to reopen it, or start a new game")

DEAL_LIMITS = {RUBBER: 100, CHUKKER: 100, DUPLICATE: 150}
"""The deals one game keeps, passed-out deals included. An evening never comes near: a
rubber takes three to a dozen deals, a chukker four and a few passed out, a club session
24 to 36 boards. A script adding deals without end would make the game's pages, replayed
on every request, slow for everyone."""


class DealRejected(ScoringError):
    """A deal that the engine refuses at its place in the game."""

    def __init__(self, message: str, position: int):
        super().__init__(message)
        self.position = position
        """Which deal (1-based, in the order entered) the engine refused."""


@dataclass(frozen=True)
class Setup:
    """What a game was started with; everything else follows from its deals."""

    kind: str
    form: str = ""
    """The four-deal form of a chukker ("chicago", ...); unused otherwise."""
    first_dealer: str = "we"
    fifty: str = "up"
    players: tuple[str, ...] = ()
    """Rubber bridge: four or five names in the order of the cards drawn, highest first."""
    scorer: str = ""
    """The player keeping score: the pair they play in is WE."""

    @property
    def scoring_form(self) -> str:
        """The engine's form for a single deal of this game."""
        return {RUBBER: "rubber", DUPLICATE: "duplicate"}.get(self.kind, self.form)


# -- what a replay produces --------------------------------------------------------------


@dataclass
class PlayedRubber:
    """One rubber of a rubber-bridge game, with who sat where."""

    number: int
    sheet: Rubber
    table: Table | None = None
    we: tuple[str, ...] = ()
    they: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return gettext("Rubber {number}").format(number=self.number)

    @property
    def sitting_out(self) -> str | None:
        return self.table.sitting_out if self.table else None


@dataclass(frozen=True)
class Line:
    """One deal as entered, for the list of deals: where it sits and what it scored."""

    number: int
    """Position in the game, 1-based: the number undo and edit use."""
    title: str
    """"Deal 3", "Rubber 2, deal 1" or "Board 7"."""
    deal: PlayedDeal
    record: DealRecord | None = None
    board: BoardResult | None = None
    rubber: PlayedRubber | None = None

    @property
    def passed_out(self) -> bool:
        return self.deal.passed_out


@dataclass(frozen=True)
class NextDeal:
    """What the scorer needs to know before the next deal: its number, who deals, who is vul."""

    title: str
    vulnerable: frozenset[str] | str
    """Sides ("we"/"they") for a sheet; "none", "NS", "EW" or "both" at duplicate."""
    dealer: str | None = None
    board: int | None = None
    redeal: bool = False
    rubber: PlayedRubber | None = None
    """Rubber bridge: the rubber the next deal belongs to (a new one when the last ended)."""


@dataclass(frozen=True)
class Outcome:
    """How a sheet or a session ended: totals, who leads, by how much, and how it is written."""

    totals: dict[str, int]
    winner: str | None
    margin: int
    """The difference between the totals, without its sign."""
    hundreds: int | None = None
    """A sheet's difference rounded to hundreds (an "18 rubber"), without its sign."""
    victory_points: dict[str, int] | None = None
    """A chukker's victory points for each side, the engine's order: the leading side first."""


@dataclass
class Play:
    """A game replayed: the engine's sheets, the deals as listed, what comes next."""

    setup: Setup
    ended: bool
    lines: list[Line] = field(default_factory=list)
    rubbers: list[PlayedRubber] = field(default_factory=list)
    chukker: FourDeal | None = None
    session: DuplicateSession | None = None
    back_score: BackScore | None = None
    next_deal: NextDeal | None = None

    @property
    def sheet(self) -> ScoreSheet | None:
        """The sheet now in play: the chukker, or the latest rubber."""
        if self.chukker is not None:
            return self.chukker
        return self.rubbers[-1].sheet if self.rubbers else None

    @property
    def finished(self) -> bool:
        return self.next_deal is None

    @property
    def earlier_rubbers(self) -> list[PlayedRubber]:
        return self.rubbers[:-1]

    def outcome(self, sheet: ScoreSheet | None = None) -> Outcome | None:
        sheet = sheet if sheet is not None else self.sheet
        if sheet is None:
            return None
        vp = None
        if self.setup.kind == CHUKKER:
            vp = victory_points_by_side(sheet.difference)
        return Outcome(
            totals={"we": sheet.total("we"), "they": sheet.total("they")},
            winner=sheet.winner,
            margin=abs(sheet.difference),
            hundreds=abs(sheet.points()),
            victory_points=vp,
        )

    def rubber_outcomes(self) -> list[tuple[PlayedRubber, Outcome]]:
        return [(r, self.outcome(r.sheet)) for r in self.rubbers if r.sheet.is_finished]

    @property
    def boards(self) -> list[BoardResult]:
        return self.session.boards if self.session is not None else []

    def board_outcome(self) -> Outcome:
        """Duplicate: the pairs' totals over the boards played, as the engine keeps them."""
        session = self.session or DuplicateSession()
        return Outcome(
            totals={pair: session.total(pair) for pair in ("NS", "EW")},
            winner=session.winner,
            margin=abs(session.difference),
        )


# -- replaying ---------------------------------------------------------------------------


def replay(setup: Setup, deals: list[dict], ended: bool = False) -> Play:
    """Play every stored deal through the engine; a deal it refuses raises DealRejected."""
    play = Play(setup=setup, ended=ended)
    playing = {RUBBER: _replay_rubbers, CHUKKER: _replay_chukker, DUPLICATE: _replay_boards}
    playing[setup.kind](play, [PlayedDeal.from_data(deal) for deal in deals])
    return play


def _replay_rubbers(play: Play, deals: list[PlayedDeal]) -> None:
    setup = play.setup
    draw = Draw(order=setup.players, cards={}) if len(setup.players) in (4, 5) else None
    if draw is not None:
        play.back_score = BackScore(list(setup.players))
    for position, deal in enumerate(deals, 1):
        if not play.rubbers or play.rubbers[-1].sheet.is_finished:
            play.rubbers.append(_new_rubber(setup, draw, len(play.rubbers) + 1))
        rubber = play.rubbers[-1]
        try:
            record = rubber.sheet.record_deal(deal)
        except ScoringError as error:
            raise DealRejected(str(error), position) from error
        title = gettext("Rubber {rubber}, deal {deal}").format(
            rubber=rubber.number, deal=record.number
        )
        play.lines.append(Line(position, title, deal, record=record, rubber=rubber))
    if play.ended and play.rubbers:
        play.rubbers[-1].sheet.finish()
    if play.back_score is not None:
        for rubber in play.rubbers:
            if rubber.sheet.is_finished:
                play.back_score.add_rubber(rubber.sheet, we=rubber.we, they=rubber.they)
    if not play.ended:
        play.next_deal = _next_rubber_deal(play, draw)


def _new_rubber(setup: Setup, draw: Draw | None, number: int) -> PlayedRubber:
    rubber = PlayedRubber(number, Rubber(fifty=setup.fifty))
    if draw is None:
        return rubber
    table = first_table(draw) if len(draw.order) == 4 else five_player_rotation(draw, number)[-1]
    north_south, east_west = table.pairs
    # WE is the scorer's pair; while the scorer sits out, North-South.
    if setup.scorer in east_west:
        north_south, east_west = east_west, north_south
    rubber.table, rubber.we, rubber.they = table, north_south, east_west
    return rubber


def _next_rubber_deal(play: Play, draw: Draw | None) -> NextDeal:
    last = play.rubbers[-1] if play.rubbers else None
    if last is None or last.sheet.is_finished:
        upcoming = _new_rubber(play.setup, draw, len(play.rubbers) + 1)
        title = gettext("Rubber {rubber}, deal {deal}").format(rubber=upcoming.number, deal=1)
        return NextDeal(title, frozenset(), rubber=upcoming)
    sheet = last.sheet
    title = gettext("Rubber {rubber}, deal {deal}").format(
        rubber=last.number, deal=len(sheet.deals) + 1
    )
    return NextDeal(title, sheet.vulnerable_sides(), rubber=last)


def _replay_chukker(play: Play, deals: list[PlayedDeal]) -> None:
    setup = play.setup
    chukker = FourDeal(form=setup.form, first_dealer=setup.first_dealer, fifty=setup.fifty)
    play.chukker = chukker
    for position, deal in enumerate(deals, 1):
        try:
            record = chukker.record_deal(deal)
        except ScoringError as error:
            raise DealRejected(str(error), position) from error
        title = gettext("Deal {deal}").format(deal=record.deal_in_chukker)
        if position > 1 and play.lines[-1].record.deal_in_chukker == record.deal_in_chukker:
            title = gettext("Deal {deal} (dealt again)").format(deal=record.deal_in_chukker)
        play.lines.append(Line(position, title, deal, record=record))
    if play.ended:
        chukker.finish()
    if not chukker.is_finished:
        redeal = bool(deals) and deals[-1].passed_out
        play.next_deal = NextDeal(
            (
                gettext("Deal {deal} of 4, dealt again") if redeal else gettext("Deal {deal} of 4")
            ).format(deal=chukker.deal_number),
            chukker.vulnerable_sides(),
            dealer=chukker.dealer(),
            redeal=redeal,
        )


def _replay_boards(play: Play, deals: list[PlayedDeal]) -> None:
    play.session = session = DuplicateSession()
    for position, deal in enumerate(deals, 1):
        try:
            board = session.record_deal(deal)
        except ScoringError as error:
            raise DealRejected(str(error), position) from error
        play.lines.append(
            Line(position, gettext("Board {board}").format(board=board.board), deal, board=board)
        )
    if not play.ended:
        number = session.next_board
        dealer, vulnerable = board_conditions(number)
        play.next_deal = NextDeal(
            gettext("Board {board}").format(board=number), vulnerable, dealer=dealer, board=number
        )


# -- a traveller: one board at several tables --------------------------------------------------


def traveller_of(board: int, results: list[tuple[int, PlayedDeal]]) -> Traveller:
    """The engine's traveller of a board: each (table number, result) scored with its
    vulnerability, tables labelled by their number."""
    traveller = Traveller(board)
    for table, deal in results:
        if deal.passed_out:
            traveller.record_passed_out(str(table))
        else:
            traveller.record(str(table), deal.declarer, deal.contract, deal.tricks)
    return traveller


def traveller_context(traveller: Traveller) -> dict:
    """What the traveller page shows besides the table: the datum and every working."""
    butler = traveller.butler()
    return {
        "traveller": traveller,
        "butler": butler,
        "matchpoints": list(zip(traveller.rows, traveller.matchpoints(), strict=True)),
        "butler_rows": list(zip(traveller.rows, butler.results, strict=True)),
    }


def record_result(traveller: Traveller, ns_pair: str, ew_pair: str, deal: PlayedDeal) -> None:
    """Write one table's result on a board's traveller, naming both pairs."""
    if deal.passed_out:
        traveller.record_passed_out(ns_pair, ew_pair=ew_pair)
    else:
        traveller.record(ns_pair, deal.declarer, deal.contract, deal.tricks, ew_pair=ew_pair)


def pairs_context(session: PairsSession) -> dict:
    """What the pairs page shows: each direction's ranking, then every board's traveller."""
    return {
        "session": session,
        "fields": [
            ("NS", gettext("North-South"), session.standings("NS")),
            ("EW", gettext("East-West"), session.standings("EW")),
        ],
        "boards": [
            (
                traveller,
                list(
                    zip(
                        traveller.rows,
                        traveller.matchpoints("NS", session.scale),
                        traveller.matchpoints("EW", session.scale),
                        strict=True,
                    )
                ),
            )
            for _, traveller in sorted(session.travellers.items())
        ],
    }
