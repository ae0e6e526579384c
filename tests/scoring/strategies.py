"""Hypothesis strategies the comparison tests share."""

from hypothesis import strategies as st

# Duplicate scores are multiples of 10; the strategies keep to them so that ties happen.
duplicate_scores = st.integers(min_value=-800, max_value=800).map(lambda tens: tens * 10)
boards_in_a_match = st.integers(min_value=1, max_value=120)
