"""The closed words a caller's facets are refused with: 422 criterion_facets_invalid.

Kept apart so that the facets (criteria/criterion/facets.py), the names they accept
(criteria/criterion/also_faults.py) and a model's split (criteria/criterion/split.py) name a fault
alike.
"""

FACETS_INVALID = "criterion_facets_invalid"

# Faults, each said as "<key>:<what>". Stable words: callers and tests rely on them.
NOT_A_FACET = "not_a_facet"
FACETS_NOT_A_LIST, FACETS_EMPTY = "not_a_list", "empty"
KEY_MISSING, KEY_DUPLICATED, KIND_UNKNOWN = "key_missing", "key_duplicated", "kind_unknown"
TEXT_MISSING, TEXT_NOT_IN_CRITERION = "text_missing", "text_not_in_criterion"
TEXT_OVERLAPS = "text_overlaps_another_facet"
NOT_OF_ITS_KIND = "{field}_not_of_its_kind"
MIN_YEARS_MISSING, MIN_YEARS_NOT_A_NUMBER = "min_years_missing", "min_years_not_a_number"
MIN_YEARS_IS_NO_MINIMUM, MIN_YEARS_NOT_IN_YEARS = (
    "min_years_is_no_minimum",
    "min_years_not_in_years",
)
MIN_YEARS_NOT_STATED, MIN_YEARS_DISAGREES = "min_years_not_stated", "min_years_disagrees_with_text"
LENGTH_AND_MORE = "text_is_more_than_a_length"
RECENCY_MISSING = "current_or_within_years_missing"
CURRENT_NOT_A_BOOLEAN, WITHIN_YEARS_NOT_A_NUMBER = (
    "current_not_a_boolean",
    "within_years_not_a_number",
)
WITHIN_YEARS_DISAGREES = "within_years_disagrees_with_text"
VALUE_NOT_IN_VOCABULARY = "value_not_in_vocabulary"
VALUE_NOT_THE_WORDS = "value_is_not_what_the_words_name"
CONDITION_NEGATES, CONDITION_IS_A_PREFERENCE = "condition_negates", "condition_is_a_preference"
CONDITION_IS_AN_ALTERNATIVE = "condition_is_an_alternative"
CONDITION_HOLDS_A_LENGTH = "condition_holds_a_length"
CONDITION_NAMES_NOTHING = "condition_names_nothing"
ALSO_NOT_A_LIST, ALSO_TOO_MANY_NAMES = "also_not_a_list", "also_too_many_names"
ALSO_NAME_TOO_LONG = "also_name_too_long"
ALSO_OUTSIDE, ALSO_NEGATES = "also_name_outside_the_value", "also_name_negates"
ALSO_ANOTHER, ALSO_IS_CONDITION = "also_name_is_another_condition", "also_name_is_the_condition"
ALSO_IS_A_LENGTH, ALSO_NAMES_NOTHING = "also_name_is_a_length", "also_name_names_nothing"
