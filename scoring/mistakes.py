"""Common misunderstandings of the rules, as data the engine can replay.

A misunderstanding is either a change of rule switches (the learner scores with a
wrong rulebook: `form_changes`) or a wrong reading of the situation (`flag`, a
Misreading: the learner swaps who is vulnerable, gives honors to the wrong side, ...).
A question recomputes its answer under each one; when a learner's wrong answer
matches, the site can name the misunderstanding.

>>> from scoring import score_deal
>>> m = MISTAKES["insult_forgotten"]
>>> score_deal("2HX", 8, form=m.apply_to("duplicate")).total
420
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.forms import Form, find_form
from scoring.misreadings import Misreading
from scoring.words import Words, gettext_noop


@dataclass(frozen=True)
class Misunderstanding:
    key: str
    name: str
    """What the learner did, in plain words."""
    explanation: str
    """What is right instead."""
    form_changes: dict = field(default_factory=dict)
    flag: Misreading | None = None
    """A misreading of the situation that a question kind knows how to replay."""
    affects_history: bool = False
    """True when the belief changes how earlier deals stand (not only the deal asked)."""
    also: tuple[Misreading, ...] = ()
    """Further misreadings held at once: a pair of misunderstandings has both flags."""

    @property
    def flags(self) -> frozenset[Misreading]:
        """Every misreading this belief replays."""
        return frozenset(flag for flag in (self.flag, *self.also) if flag is not None)

    @property
    def parts(self) -> tuple[str, ...]:
        """The keys of the misunderstandings held: one, or two for a pair."""
        return tuple(self.key.split("+"))

    def combined(self, other: Misunderstanding) -> Misunderstanding | None:
        """Both misunderstandings held at once, replayed together; None when they change
        the same rule two ways (they cannot both be held).

        >>> pair = MISTAKES["insult_forgotten"].combined(MISTAKES["vulnerability_reversed"])
        >>> pair.parts, sorted(f.name for f in pair.flags)
        (('insult_forgotten', 'vulnerability_reversed'), ['FLIP_VULNERABILITY'])
        """
        shared = self.form_changes.keys() & other.form_changes.keys()
        if any(self.form_changes[k] != other.form_changes[k] for k in shared):
            return None
        flags = [flag for flag in (self.flag, other.flag) if flag is not None]
        return Misunderstanding(
            f"{self.key}+{other.key}",
            Words.joined([self.name, other.name]),
            Words.joined([self.explanation, other.explanation]),
            {**self.form_changes, **other.form_changes},
            flags[0] if flags else None,
            self.affects_history or other.affects_history,
            tuple(flags[1:]),
        )

    def apply_to(self, form: str | Form) -> Form:
        """The form as this learner believes it to be."""
        form = find_form(form)
        if not self.form_changes:
            return form
        return form.with_changes(**self.form_changes)


def _m(key, name, explanation, flag=None, affects_history=False, **form_changes):
    # Names and explanations are marked where they are written (gettext_noop) and kept as
    # Words, so the presentation layer can say them in the reader's language.
    name, explanation = (t if isinstance(t, Words) else Words(t) for t in (name, explanation))
    return Misunderstanding(key, name, explanation, form_changes, flag, affects_history)


MISTAKES = {
    m.key: m
    for m in (
        _m(
            "part_score_bonus_on_game",
            gettext_noop("You added the 50 part-score bonus on top of a game."),
            gettext_noop(
                "The 50 is only for a contract below game. A game gets the game bonus instead."
            ),
            part_score_bonus_with_game=True,
        ),
        _m(
            "duplicate_bonus_in_rubber",
            gettext_noop("You added a duplicate-style game or part-score bonus in rubber bridge."),
            gettext_noop(
                "Rubber bridge has no bonus for a game or a part-score: games earn the rubber "
                "bonus at the end instead."
            ),
            game_bonus=(300, 500),
            part_score_bonus=50,
        ),
        _m(
            "insult_forgotten",
            gettext_noop("You forgot the bonus for making a doubled or redoubled contract."),
            gettext_noop("Making a doubled contract earns 50 more, a redoubled one 100."),
            insult=(0, 0),
        ),
        _m(
            "doubled_overtricks_at_trick_value",
            gettext_noop("You scored doubled overtricks at the doubled trick value."),
            gettext_noop(
                "Doubled overtricks are worth 100 each not vulnerable and 200 vulnerable, whatever "
                "the suit; redoubled, 200 and 400."
            ),
            doubled_overtricks_at_trick_value=True,
        ),
        _m(
            "undoubled_scale_when_doubled",
            gettext_noop("You used the undoubled penalties for a doubled contract."),
            gettext_noop(
                "Doubled undertricks cost more: 100, 200, 200, then 300 each not vulnerable; 200, "
                "then 300 each vulnerable."
            ),
            doubled_undertricks_nv=(50,),
            doubled_undertricks_v=(100,),
        ),
        _m(
            "fourth_doubled_undertrick_200",
            gettext_noop("You charged 200 for the fourth doubled undertrick, not vulnerable."),
            gettext_noop(
                "Not vulnerable and doubled, the second and third undertricks cost 200 each, but "
                "the fourth and every one after cost 300."
            ),
            doubled_undertricks_nv=(100, 200, 200, 200),
        ),
        _m(
            "redouble_not_doubled_again",
            gettext_noop("You charged the doubled penalty for a redoubled contract."),
            gettext_noop("Redoubled undertricks cost twice the doubled ones."),
            redouble_penalty_factor=1,
        ),
        _m(
            "suit_trick_values_swapped",
            gettext_noop("You swapped the trick values of the suits."),
            gettext_noop(
                "Clubs and diamonds (the minor suits) score 20 a trick; hearts and spades (the "
                "major suits) score 30."
            ),
            minor_trick=30,
            major_trick=20,
        ),
        _m(
            "vulnerable_overtricks_doubled",
            gettext_noop("You counted each overtrick twice because the side was vulnerable."),
            gettext_noop(
                "Overtricks of a contract that is not doubled score the trick value, vulnerable or "
                "not: 20 each in clubs and diamonds, 30 in hearts, spades and notrump. "
                "Vulnerability changes overtricks only when the contract is doubled."
            ),
            undoubled_overtrick_factor=(1, 2),
        ),
        _m(
            "book_tricks_counted",
            gettext_noop("You counted every trick, not only those over the first six."),
            gettext_noop(
                "The first six tricks (the book) score nothing: a contract's level is the number "
                "of tricks bid over them, and only those count."
            ),
            book_tricks_scored=True,
        ),
        _m(
            "notrump_all_30",
            gettext_noop("You counted every notrump trick at 30."),
            gettext_noop("At notrump the first trick is worth 40 and each further one 30."),
            notrump_first_trick=30,
        ),
        _m(
            "notrump_all_40",
            gettext_noop("You counted every notrump trick at 40."),
            gettext_noop("At notrump only the first trick is worth 40; each further one is 30."),
            notrump_other_trick=40,
        ),
        _m(
            "vulnerability_reversed",
            gettext_noop("You scored it as if the vulnerability were the other way round."),
            gettext_noop(
                "Check who is vulnerable first: it changes penalties, doubled overtricks, game and "
                "slam bonuses."
            ),
            flag=Misreading.FLIP_VULNERABILITY,
        ),
        _m(
            "vulnerable_side_swapped",
            gettext_noop("You made the wrong side vulnerable: WE and THEY the other way round."),
            gettext_noop(
                "In rubber bridge a side is vulnerable once it has won a game. Find the column "
                "the game is written in: that side is vulnerable, and the other side is not until "
                "it wins a game too."
            ),
            flag=Misreading.SWAP_VULNERABLE_SIDES,
        ),
        _m(
            "part_score_made_vulnerable",
            gettext_noop("You made a side vulnerable for a part-score."),
            gettext_noop(
                "Only a game makes a side vulnerable in rubber bridge: points below the line that "
                "do not yet reach 100 change nothing until they complete a game."
            ),
            flag=Misreading.PART_SCORE_VULNERABLE,
        ),
        _m(
            "slam_for_tricks_taken",
            gettext_noop("You gave a slam bonus for tricks that were taken but not bid."),
            gettext_noop(
                "Slam bonuses are only for slams bid and made: six or seven in the contract."
            ),
            slam_needs_bid=False,
        ),
        _m(
            "slam_bonus_missed",
            gettext_noop("You left out the slam bonus."),
            gettext_noop(
                "A small slam bid and made earns 500 (750 vulnerable); a grand slam 1000 (1500)."
            ),
            small_slam=(0, 0),
            grand_slam=(0, 0),
        ),
        _m(
            "overtricks_below_the_line",
            gettext_noop("You wrote the overtricks below the line."),
            gettext_noop(
                "Only tricks bid and made go below the line. Overtricks go above and never count "
                "toward game."
            ),
            overtricks_count_toward_game=True,
        ),
        _m(
            "trick_score_above_the_line",
            gettext_noop("You wrote the trick score above the line."),
            gettext_noop(
                "Below the line go only the points for the tricks bid and made: they count toward "
                "game. Everything else goes above."
            ),
            flag=Misreading.TRICK_SCORE_ABOVE,
        ),
        _m(
            "penalty_below_the_line",
            gettext_noop("You wrote the penalty below the line."),
            gettext_noop(
                "A penalty never counts toward game: the defenders write it above the line."
            ),
            flag=Misreading.PENALTY_BELOW,
        ),
        _m(
            "penalty_in_declarers_column",
            gettext_noop("You wrote the penalty in the column of the side that went down."),
            gettext_noop(
                "When a contract fails, the defenders score the penalty: write it above the line "
                "in their column."
            ),
            flag=Misreading.PENALTY_TO_DECLARER,
        ),
        _m(
            "honors_wrong_side",
            gettext_noop("You gave the honors to the wrong side."),
            gettext_noop(
                "Honors are scored by the side whose player holds them, declaring or defending."
            ),
            flag=Misreading.FLIP_HONORS_SIDE,
        ),
        _m(
            "split_honors_counted",
            gettext_noop("You counted honors shared between two hands."),
            gettext_noop(
                "Honors count only in one player's hand: four of the five top trumps there score "
                "100, all five 150 (at notrump, the four aces 150). Held between two hands, they "
                "score nothing."
            ),
            flag=Misreading.COUNT_SPLIT_HONORS,
        ),
        _m(
            "part_score_not_cancelled",
            gettext_noop("You kept counting a part-score after the opponents made a game."),
            gettext_noop(
                "When either side makes a game, a line is drawn: part-scores made before it no "
                "longer count toward the next game."
            ),
            affects_history=True,
            game_cancels_part_scores=False,
        ),
        _m(
            "doubled_trick_score_not_game",
            gettext_noop("You did not count the doubled or redoubled trick score as a game."),
            gettext_noop(
                "Doubling doubles the trick score below the line, and the doubled figure is what "
                "counts toward game: a doubled or redoubled contract can make a game that the "
                "same contract undoubled would not."
            ),
            doubled_trick_score_toward_game=False,
        ),
        _m(
            "rubber_bonus_counted_twice",
            gettext_noop("You counted the rubber bonus twice."),
            gettext_noop(
                "The rubber bonus is written once, above the line on the deal that won the "
                "rubber: it is already in the winners' column when you add up the totals."
            ),
            flag=Misreading.RUBBER_BONUS_TWICE,
        ),
        _m(
            "rubber_bonus_reversed",
            gettext_noop("You mixed up the two rubber bonuses."),
            gettext_noop(
                "Winning the rubber two games to none earns 700; two games to one earns 500."
            ),
            rubber_bonus=(500, 700),
        ),
        _m(
            "rubber_bonus_forgotten",
            gettext_noop("You left out the rubber bonus."),
            gettext_noop(
                "A side that wins its second game wins the rubber, and the bonus for it is written "
                "above the line on that deal: 700 when the opponents have no game, 500 when they "
                "have one."
            ),
            rubber_bonus=(0, 0),
        ),
        _m(
            "unfinished_bonus_forgotten",
            gettext_noop("You forgot the bonuses of an unfinished rubber."),
            gettext_noop(
                "When play stops early, the only game earns 300 and the only part-score in the "
                "unfinished game earns 100."
            ),
            unfinished_game_bonus=0,
            unfinished_part_score_bonus=0,
        ),
        _m(
            "fifty_rounded_wrong_way",
            gettext_noop("You rounded the 50 the wrong way."),
            gettext_noop("Here an exact 50 is rounded up: 550 is a 6 rubber."),
            flag=Misreading.FIFTY_OTHER_WAY,
        ),
        _m(
            "chicago_cavendish_swapped",
            gettext_noop(
                "You used the other four-deal vulnerability (Chicago and Cavendish swapped)."
            ),
            gettext_noop(
                "In Chicago the dealer's side is vulnerable on deals 2 and 3; in Cavendish the "
                "dealer's opponents are."
            ),
            flag=Misreading.SWAP_CHICAGO_CAVENDISH,
        ),
        _m(
            "fourth_deal_bonus_forgotten",
            gettext_noop("You forgot the 100 for a part-score on the fourth deal."),
            gettext_noop(
                "In Chicago, a part-score made on the fourth deal that does not complete a game "
                "earns 100."
            ),
            fourth_deal_part_score_bonus=0,
        ),
        _m(
            "sign_reversed",
            gettext_noop("You gave the score the wrong sign."),
            gettext_noop(
                "Write the declaring side's score: plus when the contract makes, minus when it "
                "fails."
            ),
            flag=Misreading.FLIP_SIGN,
        ),
        _m(
            "tie_broken_wrong_way",
            gettext_noop("You broke a tie in rank the wrong way."),
            gettext_noop(
                "When two cards have the same rank, the higher suit wins: spades, then hearts, "
                "then diamonds, then clubs."
            ),
            flag=Misreading.REVERSE_SUIT_ORDER,
        ),
        _m(
            "highest_with_lowest_partners",
            gettext_noop("You paired the highest card with the lowest."),
            gettext_noop(
                "The two highest cards are partners, and they play against the next two. With "
                "five players the lowest card sits out."
            ),
            flag=Misreading.HIGHEST_WITH_LOWEST,
        ),
        _m(
            "ace_ranked_low",
            gettext_noop("You ranked the ace as the lowest card."),
            gettext_noop(
                "Drawing for partners, the ace is the highest card, above the king; the two is "
                "the lowest."
            ),
            flag=Misreading.ACE_LOW,
        ),
        _m(
            "dealer_one_seat_on",
            gettext_noop("You counted the dealer one seat too far round the table."),
            gettext_noop(
                "North deals board 1, East board 2, South board 3, West board 4, then North "
                "again on board 5: count from North at board 1."
            ),
            flag=Misreading.DEALER_ONE_SEAT_ON,
        ),
        _m(
            "dealer_one_seat_back",
            gettext_noop("You counted the dealer one seat short."),
            gettext_noop(
                "North deals board 1, East board 2, South board 3, West board 4, then North "
                "again on board 5: count from North at board 1."
            ),
            flag=Misreading.DEALER_ONE_SEAT_BACK,
        ),
        _m(
            "board_vulnerability_four_cycle",
            gettext_noop("You read the vulnerability from a simple cycle of four boards."),
            gettext_noop(
                "The vulnerability follows a pattern of 16 boards, not 4: it starts neither, "
                "N-S, E-W, both on boards 1 to 4, and each later group of four starts one step "
                "further on (board 5 is N-S, board 9 E-W, board 13 both). Board 17 starts the "
                "16 again."
            ),
            flag=Misreading.BOARD_VULNERABILITY_FOUR_CYCLE,
        ),
        _m(
            "board_pairs_swapped",
            gettext_noop("You swapped N-S and E-W."),
            gettext_noop(
                "Read the board's vulnerability pair by pair: North and South sit together, "
                "East and West together. Board 2 makes N-S vulnerable, board 3 E-W."
            ),
            flag=Misreading.BOARD_PAIRS_SWAPPED,
        ),
        _m(
            "imp_table_one_band_low",
            gettext_noop("You read the IMP table one band too low."),
            gettext_noop(
                "Find the band the difference falls in: each band starts at its lower figure "
                "(430 to 490 is 10 IMPs, and 500 starts 11)."
            ),
            flag=Misreading.IMP_BAND_LOW,
        ),
        _m(
            "imp_table_one_band_high",
            gettext_noop("You read the IMP table one band too high."),
            gettext_noop(
                "A band runs up to just below the next band's lower figure: 490 is still "
                "10 IMPs; 11 IMPs start at 500."
            ),
            flag=Misreading.IMP_BAND_HIGH,
        ),
        _m(
            "imps_not_signed",
            gettext_noop("You left out the sign: a difference against you counts as a win."),
            gettext_noop(
                "IMPs take the sign of the difference: a score 450 below the other is -10 IMPs, "
                "and at teams that board goes to the other team."
            ),
            flag=Misreading.IMPS_UNSIGNED,
        ),
        _m(
            "ties_counted_as_wins",
            gettext_noop("You counted each tie as a score beaten."),
            gettext_noop(
                "A tie is worth half: 1 matchpoint for each score beaten, ½ for each score tied."
            ),
            flag=Misreading.TIES_AS_WINS,
        ),
        _m(
            "ties_counted_as_losses",
            gettext_noop("You counted each tie as nothing."),
            gettext_noop(
                "A tie is worth half: 1 matchpoint for each score beaten, ½ for each score tied."
            ),
            flag=Misreading.TIES_AS_LOSSES,
        ),
        _m(
            "datum_extremes_kept",
            gettext_noop("You averaged every score for the datum, the top and the bottom left in."),
            gettext_noop(
                "With five scores or more, leave out one highest and one lowest, then take the "
                "mean of the rest and round it to the nearest 10."
            ),
            flag=Misreading.DATUM_EXTREMES_KEPT,
        ),
        _m(
            "other_room_sign_kept",
            gettext_noop("You counted the other room's N-S score as your team's own."),
            gettext_noop(
                "In the other room your team sits E-W, so N-S's score there is your opponents': "
                "take it away from your N-S score in this room."
            ),
            flag=Misreading.OTHER_ROOM_AS_OURS,
        ),
        _m(
            "vp_read_for_the_total",
            gettext_noop("You read the victory points for the winners' IMP total, not the margin."),
            gettext_noop(
                "Take the losers' IMPs away from the winners' first: the scale is read at the "
                "margin between the two."
            ),
            flag=Misreading.VP_FOR_TOTAL,
        ),
        _m(
            "vp_to_the_wrong_team",
            gettext_noop("You gave the winners' victory points to the team that lost the match."),
            gettext_noop(
                "The team with more IMPs wins the match and takes the larger share of the 20 "
                "victory points; the team with fewer IMPs gets what is left of the 20. When your "
                "team has fewer IMPs, your share is the smaller figure."
            ),
            flag=Misreading.VP_TO_LOSERS,
        ),
        _m(
            "vp_band_next_row",
            gettext_noop("You read the victory points from the next band of the table."),
            gettext_noop(
                "Each band of the table includes both its figures: 50-140 runs from 50 up to and "
                "including 140, so a difference of exactly 140 still gives 11 VP to 9. The next "
                "band starts at 150."
            ),
            flag=Misreading.VP_BAND_NEXT_ROW,
        ),
        _m(
            "vp_shares_swapped",
            gettext_noop("You gave the winners' victory points to the losers."),
            gettext_noop(
                "The side with the higher total wins the round and takes the larger figure of the "
                "row; the losers take the smaller one. The two always make 20."
            ),
            flag=Misreading.VP_SHARES_SWAPPED,
        ),
        *(
            _m(
                f"room{room}_vulnerability_reversed",
                Words(
                    gettext_noop(
                        "In room {room} you scored the board as if the vulnerability were the "
                        "other way round."
                    ),
                    room=room,
                ),
                gettext_noop(
                    "The board's number says who is vulnerable, and it is the same in both rooms: "
                    "check it before you score each room. It changes the game and slam bonuses "
                    "and what each undertrick costs."
                ),
                flag=flag,
            )
            for room, flag in (
                (1, Misreading.VULNERABILITY_ROOM_1),
                (2, Misreading.VULNERABILITY_ROOM_2),
            )
        ),
        *(
            _m(
                f"room{room}_ns_sign_reversed",
                Words(
                    gettext_noop("In room {room} you gave N-S's score the wrong sign."), room=room
                ),
                gettext_noop(
                    "Score each room from N-S's side: plus when N-S make their contract or defeat "
                    "E-W's, minus when E-W make theirs or N-S go down."
                ),
                flag=flag,
            )
            for room, flag in ((1, Misreading.NS_SIGN_ROOM_1), (2, Misreading.NS_SIGN_ROOM_2))
        ),
        _m(
            "game_bonus_forgotten",
            gettext_noop("You left out the game or part-score bonus."),
            gettext_noop(
                "In duplicate every made contract gets a bonus: 50 for a part-score, 300 for a "
                "game (500 vulnerable)."
            ),
            game_bonus=(0, 0),
            part_score_bonus=0,
        ),
    )
}
