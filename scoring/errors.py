"""Named errors. Each one subclasses ValueError and carries a message a learner can act on."""


class ScoringError(ValueError):
    """Something about a deal or a score sheet that the rules do not allow."""


class InvalidContract(ScoringError):
    """A contract that cannot exist: level outside 1-7, unknown strain, bad doubling."""


class InvalidTricks(ScoringError):
    """A trick count outside 0-13."""


class InvalidHonors(ScoringError):
    """An honors claim that does not fit the contract or the form of scoring."""


class InvalidSide(ScoringError):
    """A side that is not one of the sides of this score sheet."""


class InvalidForm(ScoringError):
    """A form of scoring, vulnerability or board that the engine does not know."""


class GameOver(ScoringError):
    """A deal recorded on a rubber or chukker that has already ended."""


class InvalidComparison(ScoringError):
    """Scores that cannot be compared: too few, not whole numbers, or a match of no boards."""
