"""The niche read: facets, plan and price, the read, the rule checks, the four lists.

The spec's sections (spec/criteria.txt), and where each is decided:

    Sending one                                 service.py (resolve, plan, price, read, list)
    Stating the split yourself                  criterion/ (facets.py and their faults)
    When a model splits the text                criterion/ (split.py, split_checks.py)
    What it costs, and how to cap it            plan.py (likeliest.py: the order it is read in)
    Checking a quote yourself                   reading/ (quotes.py; the region verb is limma's)
    A person kept under no name                 reading/ (subjects.py)
    Four lists, never two; Bounding the reply   lists/
    Saying what else counts                     rules/names/ (lists/stated_instead.py: the words)
    Asking again                                criterion/address.py, rules/recency/judged_at.py
    When a document denies the niche            rules/denials/
    How a length is counted                     rules/lengths/
    A length from the record; What a person
    the record withholds is told                rules/recency/ (record.py, timing.py)
    (the offline provider of the four roles)    offline/

App-level modules stay here, where Django finds them: models, admin, apps, tasks, migrations;
explain.py lays a judgment out for the admin, types.py holds the values the steps hand on.
"""
