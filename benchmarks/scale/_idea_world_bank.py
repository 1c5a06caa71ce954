"""One more idea world, written before any tuning on it and kept apart: a retail bank's
branches and call centre (BANK). Nothing is tuned on it; it is run once, at the end, against
what was tuned on the others.

Its ideas were chosen as a bank's staff would ask for them, not from the broader term list:
two are close cousins (card fraud and payment scams both concern customers robbed of their
money), the others unrelated. As in _idea_world_hotel.py, each idea is planted in phrasings
that share no content word with the question ("A skimming device was found fitted to the cash
machine outside the {town} office." for "where do we discuss card fraud?") and near misses
that share the question's words and not its meaning ("Interest on savings is paid in arrears at
the end of each year." for "where do we discuss mortgage arrears?").
"""

from __future__ import annotations

from benchmarks.scale._idea_world import Idea, Phrasing, WorldSpec

# -- BANK: call centre notes, customer complaints, product terms and staff bulletins ----------

CN, CC, PT, SB = "call_note", "customer_complaint", "product_terms", "staff_bulletin"
BANK_GENRES = (CN, CC, PT, SB)

BANK = WorldSpec(
    name="bank",
    genres=BANK_GENRES,
    genre_kind={CN: "note", CC: "note", PT: "contract", SB: "note"},
    ideas=(
        Idea("card_fraud", "where do we discuss card fraud?"),
        Idea("payment_scams", "where do we discuss payment scams?"),
        Idea("overdraft_charges", "where do we discuss overdraft charges?"),
        Idea("mortgage_arrears", "where do we discuss mortgage arrears?"),
        Idea("call_waiting_times", "where do we discuss call waiting times?"),
        Idea("branch_closures", "where do we discuss branch closures?"),
    ),
    phrasings=(
        # card_fraud
        Phrasing(
            "contactless_not_hers",
            "card_fraud",
            "Customer says six contactless purchases in {city} were not hers; she was at home "
            "all weekend.",
            (CN,),
        ),
        Phrasing(
            "cloned_debit_details",
            "card_fraud",
            "Someone copied my debit details at a cash machine and emptied my account before I "
            "even noticed.",
            (CC,),
        ),
        Phrasing(
            "stolen_details_refunded",
            "card_fraud",
            "{party} refunds any purchase made with stolen debit details unless the account "
            "holder acted with gross negligence.",
            (PT,),
        ),
        Phrasing(
            "skimming_device",
            "card_fraud",
            "A skimming device was found fitted to the cash machine outside the {town} office "
            "on {weekday}.",
            (SB, CN),
        ),
        Phrasing(
            "blocked_visa",
            "card_fraud",
            "Blocked his Visa after a string of online orders from an electronics shop he had "
            "never heard of.",
            (CN,),
        ),
        Phrasing(
            "counterfeit_plastic",
            "card_fraud",
            "Counterfeit copies of customers' debit plastic were used at petrol stations across "
            "{city} last month.",
            (SB,),
        ),
        Phrasing(
            "pin_shoulder",
            "card_fraud",
            "Tell the customer to cover the keypad: most stolen PINs are read over a shoulder.",
            (SB, PT),
        ),
        # payment_scams
        Phrasing(
            "safe_account",
            "payment_scams",
            "She moved {amount} to a 'safe account' after a man claiming to be from our security "
            "team rang her.",
            (CN,),
        ),
        Phrasing(
            "never_ask_move_money",
            "payment_scams",
            "{party} will never ask you to move money to another account to keep it safe.",
            (PT, SB),
        ),
        Phrasing(
            "altered_invoice",
            "payment_scams",
            "My father sent his savings to a builder whose invoice had been altered by hackers, "
            "and you did nothing to stop it.",
            (CC,),
        ),
        Phrasing(
            "courier_cash",
            "payment_scams",
            "An elderly lady at the counter wanted {amount} in cash for a courier; the cashier "
            "stopped the withdrawal and sat down with her.",
            (SB, CN),
        ),
        Phrasing(
            "tricked_into_authorising",
            "payment_scams",
            "Whether to reimburse a transfer the customer was tricked into authorising is "
            "decided within fifteen working days.",
            (PT,),
        ),
        Phrasing(
            "romance_cons",
            "payment_scams",
            "Romance cons rose sharply this quarter: {count} customers wired money to people "
            "they had only met online.",
            (SB,),
        ),
        Phrasing(
            "investment_vanished",
            "payment_scams",
            "Customer rang back in tears; the 'investment' she funded in {month} has vanished "
            "along with its website.",
            (CN, CC),
        ),
        # overdraft_charges
        Phrasing(
            "fined_below_zero",
            "overdraft_charges",
            "I was fined {fee} for going {amount} below zero for a single day.",
            (CC,),
        ),
        Phrasing(
            "beyond_arranged_limit",
            "overdraft_charges",
            "Borrowing beyond your arranged limit costs {fee} a day, capped at {cap} a month.",
            (PT,),
        ),
        Phrasing(
            "dipping_into_red",
            "overdraft_charges",
            "Customer asked us to refund three fees for dipping into the red in {month}; "
            "refunded two as a goodwill gesture.",
            (CN,),
        ),
        Phrasing(
            "negative_balance_interest",
            "overdraft_charges",
            "Interest on an unarranged negative balance is {rate} per cent a year.",
            (PT,),
        ),
        Phrasing(
            "student_buffer",
            "overdraft_charges",
            "Why does a student account lose its free buffer the day after graduation? Nobody "
            "told me, and now I owe you forty pounds in fees.",
            (CC,),
        ),
        Phrasing(
            "daily_fee_drops",
            "overdraft_charges",
            "From {month}, the daily fee for a negative balance drops to nothing on the first "
            "{amount}.",
            (SB,),
        ),
        Phrasing(
            "salary_day_late",
            "overdraft_charges",
            "Waived this month's account fees; she went into the red because her salary arrived "
            "a day late.",
            (CN, CC),
        ),
        # mortgage_arrears
        Phrasing(
            "missed_instalments",
            "mortgage_arrears",
            "Customer has missed three monthly instalments on his home loan since losing his job.",
            (CN,),
        ),
        Phrasing(
            "interest_only_period",
            "mortgage_arrears",
            "{party} may agree an interest-only period if a borrower falls behind on a loan "
            "secured on their home.",
            (PT,),
        ),
        Phrasing(
            "repossession_last_resort",
            "mortgage_arrears",
            "Repossession is the last resort: every homeowner who falls behind is offered a "
            "meeting with a specialist first.",
            (SB, PT),
        ),
        Phrasing(
            "breathing_space",
            "mortgage_arrears",
            "I asked for a few months' breathing space on my house loan and was told to sell "
            "the house.",
            (CC,),
        ),
        Phrasing(
            "households_behind",
            "mortgage_arrears",
            "{count} households around {town} are more than two months behind on the loans for "
            "their homes.",
            (SB,),
        ),
        Phrasing(
            "shortfall_plan",
            "mortgage_arrears",
            "Agreed a plan to clear the {amount} shortfall on her property loan over twelve "
            "months.",
            (CN,),
        ),
        # call_waiting_times
        Phrasing(
            "fifty_minutes_hold",
            "call_waiting_times",
            "I was on hold for fifty minutes, listening to the same tune, and then the line "
            "went dead.",
            (CC,),
        ),
        Phrasing(
            "average_answer",
            "call_waiting_times",
            "The average answer on the helpline reached {minutes} minutes on {weekday} morning.",
            (SB,),
        ),
        Phrasing(
            "queue_since_nine",
            "call_waiting_times",
            "Customer said she had been in the phone queue since nine and was very cross.",
            (CN,),
        ),
        Phrasing(
            "nine_in_ten_two_minutes",
            "call_waiting_times",
            "{party} aims to answer nine in ten telephone enquiries within two minutes.",
            (PT,),
        ),
        Phrasing(
            "extra_agents_rostered",
            "call_waiting_times",
            "Mondays after a bank holiday are the busiest, so {count} extra agents are rostered "
            "to keep the queue short.",
            (SB,),
        ),
        Phrasing(
            "gave_up_twice",
            "call_waiting_times",
            "Third attempt to reach us today; he gave up twice after twenty minutes of music.",
            (CN,),
        ),
        Phrasing(
            "five_menus",
            "call_waiting_times",
            "Why must customers sit through five menus and a half-hour queue before a person "
            "picks up?",
            (CC,),
        ),
        # branch_closures
        Phrasing(
            "shut_for_good",
            "branch_closures",
            "The {town} office will shut its doors for good at the end of {month}.",
            (SB,),
        ),
        Phrasing(
            "counter_forty_minutes",
            "branch_closures",
            "Our nearest counter is now forty minutes away by bus since the one on the high "
            "street was shut.",
            (CC,),
        ),
        Phrasing(
            "local_office_going",
            "branch_closures",
            "Customer upset that her local office is going; showed her the post office counter "
            "service and the app.",
            (CN,),
        ),
        Phrasing(
            "stop_serving_premises",
            "branch_closures",
            "{party} may stop serving customers from any of its premises with twelve weeks' "
            "notice.",
            (PT,),
        ),
        Phrasing(
            "staff_move_when_sold",
            "branch_closures",
            "Staff at {town} will move to {city} once the building is sold in {month}.",
            (SB,),
        ),
        Phrasing(
            "last_bank_village",
            "branch_closures",
            "It is a disgrace to take the last bank out of a village where half the people are "
            "over seventy.",
            (CC,),
        ),
        Phrasing(
            "mobile_van",
            "branch_closures",
            "A mobile banking van will visit {town} every {weekday} once the premises are empty.",
            (SB, CN),
        ),
    ),
    near_misses=(
        Phrasing(
            "birthday_card",
            "card_fraud",
            "Staff signed the birthday card for {person}, who retires in {month}.",
            (SB,),
        ),
        Phrasing(
            "card_readers_free",
            "card_fraud",
            "Card readers for online banking are sent free on request.",
            (PT, CN),
        ),
        Phrasing(
            "fraud_team_moves",
            "card_fraud",
            "The fraud team moves to the third floor of head office in {month}.",
            (SB,),
        ),
        Phrasing(
            "interest_payment_first_day",
            "payment_scams",
            "Payment of interest on savings is made on the first day of each month.",
            (PT,),
        ),
        Phrasing(
            "standing_order_payments",
            "payment_scams",
            "Customer asked whether her standing order payments move across with the switch.",
            (CN,),
        ),
        Phrasing(
            "cheque_book_courier",
            "overdraft_charges",
            "Charges for sending a cheque book by courier are listed in the tariff.",
            (PT,),
        ),
        Phrasing(
            "new_business_overdraft",
            "overdraft_charges",
            "She asked how to apply for an overdraft on her new business account.",
            (CN,),
        ),
        Phrasing(
            "advisers_by_appointment",
            "mortgage_arrears",
            "Mortgage advisers are available by appointment on {weekday}.",
            (SB,),
        ),
        Phrasing(
            "statement_for_accountant",
            "mortgage_arrears",
            "Customer asked for a copy of her mortgage statement for her accountant.",
            (CN,),
        ),
        Phrasing(
            "savings_paid_in_arrears",
            "mortgage_arrears",
            "Interest on savings is paid in arrears at the end of each year.",
            (PT,),
        ),
        Phrasing(
            "training_times",
            "call_waiting_times",
            "Times of the staff training sessions are on the noticeboard.",
            (SB,),
        ),
        Phrasing(
            "wants_call_back",
            "call_waiting_times",
            "Customer would like a call back about moving her savings to a fixed bond.",
            (CN,),
        ),
        Phrasing(
            "bond_waiting_list",
            "call_waiting_times",
            "The waiting list for the new savings bond opens on {weekday}.",
            (SB, CC),
        ),
        Phrasing(
            "manager_charity_cheque",
            "branch_closures",
            "The branch manager handed the charity cheque to the hospice on {weekday}.",
            (SB,),
        ),
        Phrasing(
            "staff_no_advice",
            "branch_closures",
            "Branch staff may not give advice on investments.",
            (PT,),
        ),
        Phrasing(
            "account_closures_processed",
            "branch_closures",
            "Account closures are processed within five working days.",
            (PT, CN),
        ),
    ),
    fillers={
        CN: (
            "Identity confirmed with date of birth and postcode.",
            "Note written by {person}.",
            "Updated the customer's address and email.",
            "Customer had no other questions.",
            "Sent a confirmation letter by post.",
        ),
        CC: (
            "I have banked with you for twenty years.",
            "My account number is at the top of this letter.",
            "Please reply in writing.",
            "I look forward to hearing from you.",
        ),
        PT: (
            "These terms are governed by the laws of {country}.",
            "{party} is authorised by the financial regulator of {country}.",
            "Headings are for convenience only.",
            "Notices are sent to the address we hold for you.",
            "Interest rates are listed in the rate sheet.",
        ),
        SB: (
            "Well done to the {town} team on their survey scores.",
            "The staff newsletter comes out on {weekday}.",
            "Lock your screen whenever you leave your desk.",
            "There is a fire drill this week.",
            "Welcome to {person}, who joins us from {city}.",
        ),
    },
    titles={
        CN: "Customer contact note, {weekday}",
        CC: "Complaint: {subject}",
        PT: "{party} Current Account Terms",
        SB: "Staff bulletin: {town}",
    },
    clause_headings={
        "card_fraud": "Unauthorised transactions",
        "payment_scams": "Transfers you authorise",
        "overdraft_charges": "Borrowing on your account",
        "mortgage_arrears": "Secured lending",
        "call_waiting_times": "Service standards",
        "branch_closures": "Premises",
    },
    slots={
        "party": ("Northgate Bank", "Albion Savings", "Harrow & Vale", "Crestmoor Bank"),
        "city": ("Leeds", "Bristol", "Glasgow", "Cardiff"),
        "town": ("Ashby", "Kelso", "Penrith", "Wetherby"),
        "amount": ("£250", "£1,800", "£4,000", "£12,500"),
        "fee": ("£6", "£15", "£25"),
        "cap": ("£60", "£80"),
        "rate": ("19.9", "24.9", "39.9"),
        "month": ("February", "May", "September", "November"),
        "weekday": ("Monday", "Wednesday", "Friday"),
        "count": ("Eleven", "Thirty", "Forty-two"),
        "minutes": ("17", "26", "38"),
        "person": ("Aisha", "Bartek", "Colm", "Delia", "Emre", "Fiona"),
        "country": ("England", "Scotland", "Wales"),
        "subject": ("my account", "your service", "my savings", "a recent visit"),
    },
    contract_genre=PT,
)
