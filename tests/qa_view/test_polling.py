"""The first line when it is ready (issue 11, point 10): a young run is polled fast."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from qa_view.page.polling import poll_every

START = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("age", "interval"),
    [
        (0.0, "250ms"),
        (2.9, "250ms"),
        (3.0, "500ms"),
        (14.9, "500ms"),
        (15.0, "2s"),
        (600.0, "2s"),
    ],
)
def test_a_run_is_polled_fast_while_young_and_slowly_while_a_long_read_goes_on(age, interval):
    assert poll_every(START, now=START + timedelta(seconds=age)) == interval


def test_a_run_not_yet_stamped_is_polled_fast():
    assert poll_every(None) == "250ms"
