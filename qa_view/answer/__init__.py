"""The answer: from a run's events to what the page draws, one module per stage.

stream (what the page is sent of a run) -> origin (the search the answer came from) -> lines
(the first and quiet lines) -> people (who fits, who is close) -> draw (the answer drawn); then
source, paging and instead send that search again. codes says every code in words.
"""
