"""A place in a standing as a person says it: 1st, 2nd, 3rd, 11th, 21st, "joint 4th".

One function for every standing the site shows (a live quiz's players, a table session's
pairs in the reports), worded in the page's language: French writes "1er" and "2e".

>>> place_text(2), place_text(12), place_text(23, tied=True)
('2nd', '12th', 'joint 23rd')
"""

from django.utils.translation import pgettext


def place_text(rank: int, tied: bool = False) -> str:
    if rank == 1:
        ordinal = pgettext("place", "1st")  # French says 1er, and 21e
    elif 10 <= rank % 100 <= 20:
        ordinal = pgettext("place", "{rank}th")
    else:
        ordinal = {
            1: pgettext("place", "{rank}st"),
            2: pgettext("place", "{rank}nd"),
            3: pgettext("place", "{rank}rd"),
        }.get(rank % 10) or pgettext("place", "{rank}th")
    ordinal = ordinal.format(rank=rank)
    return pgettext("place", "joint {place}").format(place=ordinal) if tied else ordinal
