"""The niche read: facets, plan and price, the read, the rule checks, the four lists.

Where each of its concepts is decided (each an entry of docs/concepts.md, the package's layout
docs/architecture.md#criteria):

    criterion, address, reuse                   criterion/ (resolve.py, address.py); service.py
    facet: a caller's split                     criterion/ (facets.py and their faults)
    split: a model's                            criterion/ (split.py, split_checks.py)
    plan and price, budgets                     plan.py (likeliest.py: the order it is read in)
    quote checked byte for byte                 reading/ (quotes.py; the region verb is limma's)
    the person of a document                    reading/ (subjects.py)
    four lists, close, counts                   lists/
    accepted names (also), stated instead       rules/names/ (lists/stated_instead.py: the words)
    reader identity                             criterion/address.py, rules/recency/judged_at.py
    denial rules                                rules/denials/
    the closed form for lengths                 rules/lengths/
    record check, recency                       rules/recency/ (record.py, timing.py)
    (the offline provider of the four roles)    offline/

App-level modules stay here, where Django finds them: models, admin, apps, tasks, migrations;
explain.py lays a judgment out for the admin, types.py holds the values the steps hand on.
"""
