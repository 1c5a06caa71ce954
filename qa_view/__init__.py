"""The Q&A page a customer is sent, its visitors and spend ceilings."""
