"""Rubber bridge: a WE/THEY sheet played until one side wins two games.

>>> rubber = Rubber()
>>> _ = rubber.record("they", "4DX", tricks=7)
>>> _ = rubber.record("we", "2CX", tricks=9)
>>> rubber.total("we"), rubber.column("we", "below"), rubber.column("we", "above")
(730, [80], [500, 100, 50])
>>> rubber.vulnerable("we"), rubber.is_finished
(False, False)
"""

from __future__ import annotations

from scoring.forms import Form, find_form
from scoring.items import Kind
from scoring.sheet import Entry, ScoreSheet
from scoring.sides import SIDES, THEY, WE, other
from scoring.words import Words, gettext_noop


class Rubber(ScoreSheet):
    """One rubber on a WE/THEY sheet. Sides are "we" and "they"."""

    _over_message = "This rubber is over: start a new rubber to score another deal"

    def __init__(self, form: str | Form = "rubber", fifty: str = "up"):
        super().__init__(find_form(form), fifty)
        self.ended_early = False

    def vulnerable(self, side: str) -> bool:
        """A side that has won a game is vulnerable."""
        return self.games(side) >= 1

    def vulnerable_sides(self) -> frozenset[str]:
        return frozenset(s for s in SIDES if self.vulnerable(s))

    def standing_after(self, game_to: str | None) -> tuple[frozenset[str], bool]:
        """Were the next deal to give a game to `game_to` (None: to nobody), the sides then
        vulnerable and whether the rubber would be won. The sheet is left as it is.

        >>> rubber = Rubber()
        >>> _ = rubber.record("we", "4S", tricks=10)
        >>> rubber.standing_after("we"), rubber.standing_after(None)
        ((frozenset({'we'}), True), (frozenset({'we'}), False))
        """
        games = {s: self.games(s) + (s == game_to) for s in SIDES}
        return frozenset(s for s in SIDES if games[s] >= 1), any(g >= 2 for g in games.values())

    def _after_game(self, side: str, number: int) -> list[Entry]:
        if self.games(side) < 2:
            return []
        self._finished = True
        return [self._rubber_bonus(side, number)]

    def finish(self) -> list[Entry]:
        """End the rubber now. An unfinished rubber earns its bonuses; a finished one nothing.

        300 to a side that has the only game; 100 to a side that has the only
        part-score in the game in progress.
        """
        if self._finished:
            return []
        added = []
        we_games, they_games = self.games(WE), self.games(THEY)
        if bool(we_games) != bool(they_games):
            side = WE if we_games else THEY
            added.append(
                self._bonus(
                    Kind.UNFINISHED_GAME,
                    self.form.unfinished_game_bonus,
                    side,
                    Words(gettext_noop("The only game in a rubber that stopped before it was won")),
                )
            )
        we_part, they_part = self.part_score(WE), self.part_score(THEY)
        if bool(we_part) != bool(they_part):
            side = WE if we_part else THEY
            added.append(
                self._bonus(
                    Kind.UNFINISHED_PART_SCORE,
                    self.form.unfinished_part_score_bonus,
                    side,
                    Words(
                        gettext_noop("The only part-score in the game that was still being played")
                    ),
                )
            )
        self._finished = True
        self.ended_early = True
        return added

    @property
    def rubber_winner(self) -> str | None:
        """The side that won two games, if the rubber was played out."""
        for side in SIDES:
            if self.games(side) == 2:
                return side
        return None

    # -- helpers ------------------------------------------------------------

    def _rubber_bonus(self, side: str, number: int) -> Entry:
        opponents_have_game = self.games(other(side)) >= 1
        points = self.form.rubber_bonus[1 if opponents_have_game else 0]
        if opponents_have_game:
            reason = Words(gettext_noop("Rubber won two games to one (the opponents have a game)"))
        else:
            reason = Words(gettext_noop("Rubber won two games to none"))
        return self._bonus(Kind.RUBBER_BONUS, points, side, reason, deal=number)
