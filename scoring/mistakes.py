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
from enum import Enum

from scoring.forms import Form, find_form


class Misreading(Enum):
    """A wrong reading of the situation (not of the rules): each question kind replays it."""

    FLIP_VULNERABILITY = "flip_vulnerability"
    """Declarer's side read as vulnerable when it is not, or the other way round."""
    FLIP_HONORS_SIDE = "flip_honors_side"
    """Honors credited to the side that did not hold them."""
    COUNT_SPLIT_HONORS = "count_split_honors"
    """Honors counted when they were shared between partners' hands."""
    FIFTY_OTHER_WAY = "fifty_other_way"
    """An exact 50 rounded the other way when a difference is written in hundreds."""
    SWAP_CHICAGO_CAVENDISH = "swap_chicago_cavendish"
    """Four-deal vulnerability read with the other form's rule (Chicago for Cavendish)."""
    FLIP_SIGN = "flip_sign"
    """The declaring side's score written with the wrong sign."""
    REVERSE_SUIT_ORDER = "reverse_suit_order"
    """A tie in rank broken with the suits in the wrong order (clubs highest)."""
    IMP_BAND_LOW = "imp_band_low"
    """The IMP table read one band (one row) too low."""
    IMP_BAND_HIGH = "imp_band_high"
    """The IMP table read one band (one row) too high."""
    IMPS_UNSIGNED = "imps_unsigned"
    """IMPs given without the sign of the difference: a loss written as a win."""
    TIES_AS_WINS = "ties_as_wins"
    """At matchpoints, each tie counted as a score beaten."""
    TIES_AS_LOSSES = "ties_as_losses"
    """At matchpoints, each tie counted as a score lost to."""
    DATUM_EXTREMES_KEPT = "datum_extremes_kept"
    """A Butler datum averaged over every score, the top and the bottom left in."""
    OTHER_ROOM_AS_OURS = "other_room_as_ours"
    """At teams, the other room's N-S score taken as the team's own, though it sat E-W."""
    VP_FOR_TOTAL = "vp_for_total"
    """Victory points read for the winners' IMP total instead of the margin."""
    VP_TO_LOSERS = "vp_to_losers"
    """A match's winning share of the victory points given to the team that lost it."""
    VULNERABILITY_ROOM_1 = "vulnerability_room_1"
    """At teams, the board's vulnerability read the other way round in room 1 only."""
    VULNERABILITY_ROOM_2 = "vulnerability_room_2"
    """At teams, the board's vulnerability read the other way round in room 2 only."""
    NS_SIGN_ROOM_1 = "ns_sign_room_1"
    """At teams, N-S's score in room 1 written with the wrong sign."""
    NS_SIGN_ROOM_2 = "ns_sign_room_2"
    """At teams, N-S's score in room 2 written with the wrong sign."""
    SWAP_VULNERABLE_SIDES = "swap_vulnerable_sides"
    """In rubber bridge, the side without a game read as vulnerable and the side with one
    as not: WE and THEY swapped."""
    PENALTY_TO_DECLARER = "penalty_to_declarer"
    """A penalty written in the declaring side's column instead of the defenders'."""
    TRICK_SCORE_ABOVE = "trick_score_above"
    """The trick score of a contract made written above the line instead of below."""
    PENALTY_BELOW = "penalty_below"
    """A penalty written below the line instead of above."""
    PART_SCORE_VULNERABLE = "part_score_vulnerable"
    """In rubber bridge, a side with a part-score toward the game in progress read as
    vulnerable, as if it had won a game."""
    RUBBER_BONUS_TWICE = "rubber_bonus_twice"
    """The rubber bonus, already written on the deal that won the rubber, added again to
    the winners' total."""
    DEALER_ONE_SEAT_ON = "dealer_one_seat_on"
    """A board's dealer counted one seat too far round the table, as if North dealt
    board 0 (East for board 1)."""
    DEALER_ONE_SEAT_BACK = "dealer_one_seat_back"
    """A board's dealer counted one seat short, as if North dealt board 2 (West for
    board 1)."""
    BOARD_VULNERABILITY_FOUR_CYCLE = "board_vulnerability_four_cycle"
    """A board's vulnerability read from a simple four-board cycle (none, N-S, E-W, both,
    then again), without the shift every four boards of the 16-board pattern."""
    BOARD_PAIRS_SWAPPED = "board_pairs_swapped"
    """A board's vulnerability read with N-S and E-W swapped."""
    HIGHEST_WITH_LOWEST = "highest_with_lowest"
    """Drawing for partners, the highest card paired with the lowest of the four who play
    (and the two middle cards together), instead of the two highest together."""
    ACE_LOW = "ace_low"
    """Drawing for partners, the ace ranked as the lowest card instead of the highest."""
    VP_BAND_NEXT_ROW = "vp_band_next_row"
    """A round's difference on the top figure of a band of the club's VP table (140 in
    50-140) read from the next band, as if the band stopped short of its top figure."""
    VP_SHARES_SWAPPED = "vp_shares_swapped"
    """A row of the club's VP table read the other way round: the winners' share written
    for the losers and the losers' for the winners."""


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
            f"{self.name} {other.name}",
            f"{self.explanation} {other.explanation}",
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
    return Misunderstanding(key, name, explanation, form_changes, flag, affects_history)


MISTAKES = {
    m.key: m
    for m in (
        _m(
            "part_score_bonus_on_game",
            "You added the 50 part-score bonus on top of a game.",
            "The 50 is only for a contract below game. A game gets the game bonus instead.",
            part_score_bonus_with_game=True,
        ),
        _m(
            "duplicate_bonus_in_rubber",
            "You added a duplicate-style game or part-score bonus in rubber bridge.",
            "Rubber bridge has no bonus for a game or a part-score: games earn the rubber bonus "
            "at the end instead.",
            game_bonus=(300, 500),
            part_score_bonus=50,
        ),
        _m(
            "insult_forgotten",
            "You forgot the bonus for making a doubled or redoubled contract.",
            "Making a doubled contract earns 50 more, a redoubled one 100.",
            insult=(0, 0),
        ),
        _m(
            "doubled_overtricks_at_trick_value",
            "You scored doubled overtricks at the doubled trick value.",
            "Doubled overtricks are worth 100 each not vulnerable and 200 vulnerable, whatever "
            "the suit; redoubled, 200 and 400.",
            doubled_overtricks_at_trick_value=True,
        ),
        _m(
            "undoubled_scale_when_doubled",
            "You used the undoubled penalties for a doubled contract.",
            "Doubled undertricks cost more: 100, 200, 200, then 300 each not vulnerable; 200, "
            "then 300 each vulnerable.",
            doubled_undertricks_nv=(50,),
            doubled_undertricks_v=(100,),
        ),
        _m(
            "fourth_doubled_undertrick_200",
            "You charged 200 for the fourth doubled undertrick, not vulnerable.",
            "Not vulnerable and doubled, the second and third undertricks cost 200 each, but "
            "the fourth and every one after cost 300.",
            doubled_undertricks_nv=(100, 200, 200, 200),
        ),
        _m(
            "redouble_not_doubled_again",
            "You charged the doubled penalty for a redoubled contract.",
            "Redoubled undertricks cost twice the doubled ones.",
            redouble_penalty_factor=1,
        ),
        _m(
            "suit_trick_values_swapped",
            "You swapped the trick values of the suits.",
            "Clubs and diamonds (the minor suits) score 20 a trick; hearts and spades (the "
            "major suits) score 30.",
            minor_trick=30,
            major_trick=20,
        ),
        _m(
            "vulnerable_overtricks_doubled",
            "You counted each overtrick twice because the side was vulnerable.",
            "Overtricks of a contract that is not doubled score the trick value, vulnerable or "
            "not: 20 each in clubs and diamonds, 30 in hearts, spades and notrump. "
            "Vulnerability changes overtricks only when the contract is doubled.",
            undoubled_overtrick_factor=(1, 2),
        ),
        _m(
            "book_tricks_counted",
            "You counted every trick, not only those over the first six.",
            "The first six tricks (the book) score nothing: a contract's level is the number "
            "of tricks bid over them, and only those count.",
            book_tricks_scored=True,
        ),
        _m(
            "notrump_all_30",
            "You counted every notrump trick at 30.",
            "At notrump the first trick is worth 40 and each further one 30.",
            notrump_first_trick=30,
        ),
        _m(
            "notrump_all_40",
            "You counted every notrump trick at 40.",
            "At notrump only the first trick is worth 40; each further one is 30.",
            notrump_other_trick=40,
        ),
        _m(
            "vulnerability_reversed",
            "You scored it as if the vulnerability were the other way round.",
            "Check who is vulnerable first: it changes penalties, doubled overtricks, game and "
            "slam bonuses.",
            flag=Misreading.FLIP_VULNERABILITY,
        ),
        _m(
            "vulnerable_side_swapped",
            "You made the wrong side vulnerable: WE and THEY the other way round.",
            "In rubber bridge a side is vulnerable once it has won a game. Find the column "
            "the game is written in: that side is vulnerable, and the other side is not until "
            "it wins a game too.",
            flag=Misreading.SWAP_VULNERABLE_SIDES,
        ),
        _m(
            "part_score_made_vulnerable",
            "You made a side vulnerable for a part-score.",
            "Only a game makes a side vulnerable in rubber bridge: points below the line that "
            "do not yet reach 100 change nothing until they complete a game.",
            flag=Misreading.PART_SCORE_VULNERABLE,
        ),
        _m(
            "slam_for_tricks_taken",
            "You gave a slam bonus for tricks that were taken but not bid.",
            "Slam bonuses are only for slams bid and made: six or seven in the contract.",
            slam_needs_bid=False,
        ),
        _m(
            "slam_bonus_missed",
            "You left out the slam bonus.",
            "A small slam bid and made earns 500 (750 vulnerable); a grand slam 1000 (1500).",
            small_slam=(0, 0),
            grand_slam=(0, 0),
        ),
        _m(
            "overtricks_below_the_line",
            "You wrote the overtricks below the line.",
            "Only tricks bid and made go below the line. Overtricks go above and never count "
            "toward game.",
            overtricks_count_toward_game=True,
        ),
        _m(
            "trick_score_above_the_line",
            "You wrote the trick score above the line.",
            "Below the line go only the points for the tricks bid and made: they count toward "
            "game. Everything else goes above.",
            flag=Misreading.TRICK_SCORE_ABOVE,
        ),
        _m(
            "penalty_below_the_line",
            "You wrote the penalty below the line.",
            "A penalty never counts toward game: the defenders write it above the line.",
            flag=Misreading.PENALTY_BELOW,
        ),
        _m(
            "penalty_in_declarers_column",
            "You wrote the penalty in the column of the side that went down.",
            "When a contract fails, the defenders score the penalty: write it above the line "
            "in their column.",
            flag=Misreading.PENALTY_TO_DECLARER,
        ),
        _m(
            "honors_wrong_side",
            "You gave the honors to the wrong side.",
            "Honors are scored by the side whose player holds them, declaring or defending.",
            flag=Misreading.FLIP_HONORS_SIDE,
        ),
        _m(
            "split_honors_counted",
            "You counted honors shared between two hands.",
            "Honors count only in one player's hand: four of the five top trumps there score "
            "100, all five 150 (at notrump, the four aces 150). Held between two hands, they "
            "score nothing.",
            flag=Misreading.COUNT_SPLIT_HONORS,
        ),
        _m(
            "part_score_not_cancelled",
            "You kept counting a part-score after the opponents made a game.",
            "When either side makes a game, a line is drawn: part-scores made before it no "
            "longer count toward the next game.",
            affects_history=True,
            game_cancels_part_scores=False,
        ),
        _m(
            "doubled_trick_score_not_game",
            "You did not count the doubled or redoubled trick score as a game.",
            "Doubling doubles the trick score below the line, and the doubled figure is what "
            "counts toward game: a doubled or redoubled contract can make a game that the "
            "same contract undoubled would not.",
            doubled_trick_score_toward_game=False,
        ),
        _m(
            "rubber_bonus_counted_twice",
            "You counted the rubber bonus twice.",
            "The rubber bonus is written once, above the line on the deal that won the "
            "rubber: it is already in the winners' column when you add up the totals.",
            flag=Misreading.RUBBER_BONUS_TWICE,
        ),
        _m(
            "rubber_bonus_reversed",
            "You mixed up the two rubber bonuses.",
            "Winning the rubber two games to none earns 700; two games to one earns 500.",
            rubber_bonus=(500, 700),
        ),
        _m(
            "rubber_bonus_forgotten",
            "You left out the rubber bonus.",
            "A side that wins its second game wins the rubber, and the bonus for it is written "
            "above the line on that deal: 700 when the opponents have no game, 500 when they "
            "have one.",
            rubber_bonus=(0, 0),
        ),
        _m(
            "unfinished_bonus_forgotten",
            "You forgot the bonuses of an unfinished rubber.",
            "When play stops early, the only game earns 300 and the only part-score in the "
            "unfinished game earns 100.",
            unfinished_game_bonus=0,
            unfinished_part_score_bonus=0,
        ),
        _m(
            "fifty_rounded_wrong_way",
            "You rounded the 50 the wrong way.",
            "Here an exact 50 is rounded up: 550 is a 6 rubber.",
            flag=Misreading.FIFTY_OTHER_WAY,
        ),
        _m(
            "chicago_cavendish_swapped",
            "You used the other four-deal vulnerability (Chicago and Cavendish swapped).",
            "In Chicago the dealer's side is vulnerable on deals 2 and 3; in Cavendish the "
            "dealer's opponents are.",
            flag=Misreading.SWAP_CHICAGO_CAVENDISH,
        ),
        _m(
            "fourth_deal_bonus_forgotten",
            "You forgot the 100 for a part-score on the fourth deal.",
            "In Chicago, a part-score made on the fourth deal that does not complete a game "
            "earns 100.",
            fourth_deal_part_score_bonus=0,
        ),
        _m(
            "sign_reversed",
            "You gave the score the wrong sign.",
            "Write the declaring side's score: plus when the contract makes, minus when it fails.",
            flag=Misreading.FLIP_SIGN,
        ),
        _m(
            "tie_broken_wrong_way",
            "You broke a tie in rank the wrong way.",
            "When two cards have the same rank, the higher suit wins: spades, then hearts, "
            "then diamonds, then clubs.",
            flag=Misreading.REVERSE_SUIT_ORDER,
        ),
        _m(
            "highest_with_lowest_partners",
            "You paired the highest card with the lowest.",
            "The two highest cards are partners, and they play against the next two. With "
            "five players the lowest card sits out.",
            flag=Misreading.HIGHEST_WITH_LOWEST,
        ),
        _m(
            "ace_ranked_low",
            "You ranked the ace as the lowest card.",
            "Drawing for partners, the ace is the highest card, above the king; the two is "
            "the lowest.",
            flag=Misreading.ACE_LOW,
        ),
        _m(
            "dealer_one_seat_on",
            "You counted the dealer one seat too far round the table.",
            "North deals board 1, East board 2, South board 3, West board 4, then North "
            "again on board 5: count from North at board 1.",
            flag=Misreading.DEALER_ONE_SEAT_ON,
        ),
        _m(
            "dealer_one_seat_back",
            "You counted the dealer one seat short.",
            "North deals board 1, East board 2, South board 3, West board 4, then North "
            "again on board 5: count from North at board 1.",
            flag=Misreading.DEALER_ONE_SEAT_BACK,
        ),
        _m(
            "board_vulnerability_four_cycle",
            "You read the vulnerability from a simple cycle of four boards.",
            "The vulnerability follows a pattern of 16 boards, not 4: it starts neither, "
            "N-S, E-W, both on boards 1 to 4, and each later group of four starts one step "
            "further on (board 5 is N-S, board 9 E-W, board 13 both). Board 17 starts the "
            "16 again.",
            flag=Misreading.BOARD_VULNERABILITY_FOUR_CYCLE,
        ),
        _m(
            "board_pairs_swapped",
            "You swapped N-S and E-W.",
            "Read the board's vulnerability pair by pair: North and South sit together, "
            "East and West together. Board 2 makes N-S vulnerable, board 3 E-W.",
            flag=Misreading.BOARD_PAIRS_SWAPPED,
        ),
        _m(
            "imp_table_one_band_low",
            "You read the IMP table one band too low.",
            "Find the band the difference falls in: each band starts at its lower figure "
            "(430 to 490 is 10 IMPs, and 500 starts 11).",
            flag=Misreading.IMP_BAND_LOW,
        ),
        _m(
            "imp_table_one_band_high",
            "You read the IMP table one band too high.",
            "A band runs up to just below the next band's lower figure: 490 is still "
            "10 IMPs; 11 IMPs start at 500.",
            flag=Misreading.IMP_BAND_HIGH,
        ),
        _m(
            "imps_not_signed",
            "You left out the sign: a difference against you counts as a win.",
            "IMPs take the sign of the difference: a score 450 below the other is -10 IMPs, "
            "and at teams that board goes to the other team.",
            flag=Misreading.IMPS_UNSIGNED,
        ),
        _m(
            "ties_counted_as_wins",
            "You counted each tie as a score beaten.",
            "A tie is worth half: 1 matchpoint for each score beaten, ½ for each score tied.",
            flag=Misreading.TIES_AS_WINS,
        ),
        _m(
            "ties_counted_as_losses",
            "You counted each tie as nothing.",
            "A tie is worth half: 1 matchpoint for each score beaten, ½ for each score tied.",
            flag=Misreading.TIES_AS_LOSSES,
        ),
        _m(
            "datum_extremes_kept",
            "You averaged every score for the datum, the top and the bottom left in.",
            "With five scores or more, leave out one highest and one lowest, then take the "
            "mean of the rest and round it to the nearest 10.",
            flag=Misreading.DATUM_EXTREMES_KEPT,
        ),
        _m(
            "other_room_sign_kept",
            "You counted the other room's N-S score as your team's own.",
            "In the other room your team sits E-W, so N-S's score there is your opponents': "
            "take it away from your N-S score in this room.",
            flag=Misreading.OTHER_ROOM_AS_OURS,
        ),
        _m(
            "vp_read_for_the_total",
            "You read the victory points for the winners' IMP total, not the margin.",
            "Take the losers' IMPs away from the winners' first: the scale is read at the "
            "margin between the two.",
            flag=Misreading.VP_FOR_TOTAL,
        ),
        _m(
            "vp_to_the_wrong_team",
            "You gave the winners' victory points to the team that lost the match.",
            "The team with more IMPs wins the match and takes the larger share of the 20 "
            "victory points; the team with fewer IMPs gets what is left of the 20. When your "
            "team has fewer IMPs, your share is the smaller figure.",
            flag=Misreading.VP_TO_LOSERS,
        ),
        _m(
            "vp_band_next_row",
            "You read the victory points from the next band of the table.",
            "Each band of the table includes both its figures: 50-140 runs from 50 up to and "
            "including 140, so a difference of exactly 140 still gives 11 VP to 9. The next "
            "band starts at 150.",
            flag=Misreading.VP_BAND_NEXT_ROW,
        ),
        _m(
            "vp_shares_swapped",
            "You gave the winners' victory points to the losers.",
            "The side with the higher total wins the round and takes the larger figure of the "
            "row; the losers take the smaller one. The two always make 20.",
            flag=Misreading.VP_SHARES_SWAPPED,
        ),
        *(
            _m(
                f"room{room}_vulnerability_reversed",
                f"In room {room} you scored the board as if the vulnerability were the other "
                "way round.",
                "The board's number says who is vulnerable, and it is the same in both rooms: "
                "check it before you score each room. It changes the game and slam bonuses "
                "and what each undertrick costs.",
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
                f"In room {room} you gave N-S's score the wrong sign.",
                "Score each room from N-S's side: plus when N-S make their contract or defeat "
                "E-W's, minus when E-W make theirs or N-S go down.",
                flag=flag,
            )
            for room, flag in ((1, Misreading.NS_SIGN_ROOM_1), (2, Misreading.NS_SIGN_ROOM_2))
        ),
        _m(
            "game_bonus_forgotten",
            "You left out the game or part-score bonus.",
            "In duplicate every made contract gets a bonus: 50 for a part-score, 300 for a game "
            "(500 vulnerable).",
            game_bonus=(0, 0),
            part_score_bonus=0,
        ),
    )
}
