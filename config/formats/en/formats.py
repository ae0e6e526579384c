# English figures stay as the site always wrote them, 1100, even where a figure asks for
# its thousands grouped (common/figures.py): French and Dutch group theirs, 1 100 and 1.100.
NUMBER_GROUPING = 0

# A date in a sentence or a table, as the site always wrote it in English: 24 Nov 2026.
# Templates ask for these by name (|date:"SHORT_DATE_FORMAT"), so French and Dutch write
# theirs (config/formats/fr, nl).
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
# A day and month without the year (common/dates.py adds the time): 27 Nov.
MONTH_DAY_FORMAT = "j M"
