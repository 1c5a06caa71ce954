"""When a document denies the niche: whether a sentence the reading model lists as a
denial is firm, a doubt, or set aside, by who leads it and its two closed forms."""
