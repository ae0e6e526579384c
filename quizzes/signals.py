"""Signals other apps listen to, so practice never needs to import them."""

from django.dispatch import Signal

learner_merging = Signal()
"""Sent with `source` and `target` learners when a browser's learner joins an account's.

Sent inside the merge's transaction before anything moves, so a receiver can take what
it owns of `source` (a class membership, say) before `source` and its rows are merged
into `target` and deleted.
"""

standing_wanted = Signal()
"""Sent with `learner` before a page shows the learner's standing: answers whose grades were
not theirs to see (an assignment's, assignments) are counted first if they may be seen now."""
