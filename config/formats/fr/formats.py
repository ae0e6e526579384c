# A date in a sentence or a table: 24 nov. 2026, 06:43 (the month in lower case, shortened
# as French shortens it). Django's French formats give the rest.
SHORT_DATE_FORMAT = "j N Y"
SHORT_DATETIME_FORMAT = "j N Y, H:i"
# A day and month without the year (common/dates.py adds the time): 27 nov.
MONTH_DAY_FORMAT = "j N"
