"""One more idea world, written before the offline roles' fourth round of tuning and kept apart
from it: a hotel (HOTEL). It was run once at the end of that round, against what was tuned on
the others, read, and tuned on in the fifth round.

Its ideas were chosen for a hotel, not from the broader term list (ideas/offline/concepts.py):
some have a near term there (bed bugs, pest control), most have none (double bookings, lost
property, no-shows, late checkout). As in _idea_worlds_more.py, each idea is planted in
phrasings that share no content word with the question ("Two couples arrived on {weekday} to
find their room had been sold twice." for "where do we discuss double bookings?") and near
misses that share the question's words and not its meaning ("Double rooms have a king-size bed
and a sofa.").
"""

from __future__ import annotations

from benchmarks.scale._idea_world import Idea, Phrasing, WorldSpec

# -- HOTEL: guest reviews, housekeeping procedures, front desk logs and terms of booking --------

GR, HK, FD, TB = "guest_review", "housekeeping_procedure", "front_desk_log", "terms_of_booking"
HOTEL_GENRES = (GR, HK, FD, TB)

HOTEL = WorldSpec(
    name="hotel",
    genres=HOTEL_GENRES,
    genre_kind={GR: "note", HK: "note", FD: "note", TB: "contract"},
    ideas=(
        Idea("double_bookings", "where do we discuss double bookings?"),
        Idea("lost_property", "where do we discuss lost property?"),
        Idea("bed_bugs", "where do we discuss bed bugs?"),
        Idea("food_poisoning", "where do we discuss food poisoning?"),
        Idea("no_shows", "where do we discuss no shows?"),
        Idea("late_checkout", "where do we discuss late checkout?"),
    ),
    phrasings=(
        # double_bookings
        Phrasing(
            "sold_twice",
            "double_bookings",
            "Two couples arrived on {weekday} to find their room had been sold twice.",
            (FD, GR),
        ),
        Phrasing(
            "more_guests_than_rooms",
            "double_bookings",
            "When more guests turn up than we have rooms, the night manager sends the latest "
            "arrival to the {partner} at our cost.",
            (FD, HK),
        ),
        Phrasing(
            "transfer_comparable",
            "double_bookings",
            "{party} may move a confirmed guest to a comparable hotel nearby if no room is free "
            "on arrival, and pays the taxi and the first night.",
            (TB,),
        ),
        Phrasing(
            "thirty_for_twenty_six",
            "double_bookings",
            "We took thirty reservations for twenty-six suites on the night of the wedding fair.",
            (FD,),
        ),
        Phrasing(
            "no_bed_at_midnight",
            "double_bookings",
            "I was told at midnight that there was nowhere for me to sleep despite my "
            "confirmation email.",
            (GR,),
        ),
        Phrasing(
            "same_twin_three_sites",
            "double_bookings",
            "The channel manager let the same twin room go to three different websites.",
            (FD, GR),
        ),
        # lost_property
        Phrasing(
            "watch_under_bed",
            "lost_property",
            "A gold watch was found under the mattress in room {room} and is kept in the safe.",
            (HK, FD),
        ),
        Phrasing(
            "left_behind_charity",
            "lost_property",
            "Items guests leave behind are held for three months, then given to charity.",
            (HK,),
        ),
        Phrasing(
            "forgot_charger",
            "lost_property",
            "{person} rang from the airport: she forgot her laptop charger in the wardrobe.",
            (FD,),
        ),
        Phrasing(
            "belongings_after_departure",
            "lost_property",
            "{party} accepts no responsibility for belongings left in rooms after departure.",
            (TB,),
        ),
        Phrasing(
            "logs_forgotten_item",
            "lost_property",
            "Housekeeping logs every forgotten item with the room number and the date.",
            (HK,),
        ),
        Phrasing(
            "teddy_posted_back",
            "lost_property",
            "My daughter's teddy was posted back to us within a week.",
            (GR,),
        ),
        # bed_bugs
        Phrasing(
            "itchy_red_marks",
            "bed_bugs",
            "I woke up covered in itchy red marks after the second night.",
            (GR,),
        ),
        Phrasing(
            "mattress_seams",
            "bed_bugs",
            "Check the mattress seams and headboard for tiny brown spots at every change.",
            (HK,),
        ),
        Phrasing(
            "heat_treatment",
            "bed_bugs",
            "Room {room} is closed for three days while the exterminator runs a heat treatment.",
            (FD, HK),
        ),
        Phrasing(
            "infestation_cost",
            "bed_bugs",
            "{party} may charge the cost of treating an infestation that a guest's luggage brought "
            "in.",
            (TB,),
        ),
        Phrasing(
            "insects_in_sheets",
            "bed_bugs",
            "A guest in room {room} found small insects crawling in the sheets at two in the "
            "morning.",
            (FD,),
        ),
        Phrasing(
            "suitcase_rack",
            "bed_bugs",
            "Keep suitcases on the metal rack, never on the carpet, so nothing crawls in.",
            (HK, GR),
        ),
        # food_poisoning
        Phrasing(
            "sick_after_seafood",
            "food_poisoning",
            "Four guests were sick through the night after the seafood platter.",
            (FD, GR),
        ),
        Phrasing(
            "chicken_undercooked",
            "food_poisoning",
            "The environmental health officer found the chicken had been served undercooked.",
            (FD,),
        ),
        Phrasing(
            "stomach_cramps",
            "food_poisoning",
            "My husband had stomach cramps and vomiting all day after the buffet breakfast.",
            (GR,),
        ),
        Phrasing(
            "fridge_temperature",
            "food_poisoning",
            "Fridges are checked every four hours and anything above five degrees is thrown away.",
            (HK,),
        ),
        Phrasing(
            "illness_from_meals",
            "food_poisoning",
            "{party} is liable for illness caused by meals it serves only where its own negligence "
            "is proven.",
            (TB,),
        ),
        Phrasing(
            "salmonella_wedding",
            "food_poisoning",
            "Three wedding guests tested positive for salmonella on {weekday}.",
            (FD, GR),
        ),
        # no_shows
        Phrasing(
            "never_arrived",
            "no_shows",
            "Three parties never arrived on {weekday} and their rooms stood empty all night.",
            (FD,),
        ),
        Phrasing(
            "first_night_charged",
            "no_shows",
            "A guest who does not arrive and does not cancel is charged the first night in full.",
            (TB,),
        ),
        Phrasing(
            "release_after_midnight",
            "no_shows",
            "Unclaimed reservations are released at midnight unless the guest has rung ahead.",
            (FD, HK),
        ),
        Phrasing(
            "coach_party_absent",
            "no_shows",
            "The coach party from {country} did not turn up and nobody answered the organiser's "
            "phone.",
            (FD,),
        ),
        Phrasing(
            "card_guarantee",
            "no_shows",
            "{party} holds a card guarantee for each stay and may take one night's rate if the "
            "room is left unused.",
            (TB,),
        ),
        Phrasing(
            "charged_though_never_came",
            "no_shows",
            "I was billed for a stay I never made because the flight was cancelled.",
            (GR,),
        ),
        # late_checkout
        Phrasing(
            "keep_until_two",
            "late_checkout",
            "Guests may keep their room until two in the afternoon for a small charge.",
            (TB, FD),
        ),
        Phrasing(
            "stayed_past_noon",
            "late_checkout",
            "The family in room {room} stayed past noon and the cleaners waited an hour.",
            (HK, FD),
        ),
        Phrasing(
            "extra_hours_free",
            "late_checkout",
            "We were given three extra hours before leaving, free of charge, which was lovely.",
            (GR,),
        ),
        Phrasing(
            "departures_after_eleven",
            "late_checkout",
            "Departures after eleven must be agreed with reception the evening before.",
            (TB, HK),
        ),
        Phrasing(
            "gold_members_four",
            "late_checkout",
            "Gold members may vacate their rooms at four o'clock instead of eleven.",
            (FD,),
        ),
        Phrasing(
            "cleaning_rota_departures",
            "late_checkout",
            "Rooms whose guests leave after one are cleaned last on the rota.",
            (HK,),
        ),
    ),
    near_misses=(
        Phrasing(
            "double_rooms_sofa",
            "double_bookings",
            "Double rooms have a king-size bed and a sofa.",
            (GR, TB),
        ),
        Phrasing(
            "christmas_dinner_bookings",
            "double_bookings",
            "Bookings for the Christmas dinner close on {weekday}.",
            (FD,),
        ),
        Phrasing(
            "listed_property",
            "lost_property",
            "The property is a listed building, so the windows cannot be replaced.",
            (HK, TB),
        ),
        Phrasing(
            "lost_pub_quiz",
            "lost_property",
            "The night staff lost the pub quiz to the kitchen team again.",
            (FD,),
        ),
        Phrasing(
            "bed_linen_changed",
            "bed_bugs",
            "Bed linen is changed every third day unless a guest asks for more.",
            (HK, GR),
        ),
        Phrasing(
            "bugs_in_booking_software",
            "bed_bugs",
            "The bugs in the new booking software are fixed in its next update.",
            (FD,),
        ),
        Phrasing(
            "food_menu_seasonal",
            "food_poisoning",
            "The food in the restaurant changes with the seasons.",
            (GR, HK),
        ),
        Phrasing(
            "cabaret_shows",
            "no_shows",
            "The cabaret shows on Saturday nights are sold out until {month}.",
            (TB, GR),
        ),
        Phrasing(
            "magic_show_bar",
            "no_shows",
            "The magic show in the bar starts at nine on {weekday}.",
            (FD, GR),
        ),
        Phrasing(
            "late_bar",
            "late_checkout",
            "The late bar closes at one on weekdays.",
            (GR, FD),
        ),
        Phrasing(
            "self_checkout_shop",
            "late_checkout",
            "The self-service checkout in the gift shop takes cards only.",
            (HK,),
        ),
    ),
    fillers={
        GR: (
            "We stayed for a long weekend in {month}.",
            "The view from the terrace was beautiful.",
            "Staff at reception were friendly and helpful.",
            "We would come again.",
            "Parking was easy to find.",
        ),
        HK: (
            "This procedure applies to every floor.",
            "Ask your supervisor if anything is unclear.",
            "Trolleys are returned to the basement at the end of each shift.",
            "Wear gloves when handling chemicals.",
        ),
        FD: (
            "Shift led by {person}.",
            "Occupancy was {occupancy} per cent.",
            "Handed over to the night porter at eleven.",
            "Nothing else to report.",
        ),
        TB: (
            "These terms are governed by the laws of {country}.",
            "{party} is a company registered in {country}.",
            "Headings are for convenience only.",
            "Prices include breakfast unless stated otherwise.",
            "Notices are sent to the address given in the reservation.",
        ),
    },
    titles={
        GR: "Review: {subject}",
        HK: "Housekeeping procedure: {subject}",
        FD: "Front desk log, {weekday}",
        TB: "{party} Terms of Booking",
    },
    clause_headings={
        "double_bookings": "Availability",
        "lost_property": "Belongings",
        "bed_bugs": "Pests",
        "food_poisoning": "Food and drink",
        "no_shows": "Guarantees",
        "late_checkout": "Departure",
    },
    slots={
        "party": ("The Harbour Hotel", "Lindenhof", "Castle Mews", "The Grand Esplanade"),
        "partner": ("Station Inn", "Riverside Lodge", "Park Hotel"),
        "person": ("Amelia", "Bilal", "Chiara", "Daniel", "Eszter", "Femi"),
        "weekday": ("Monday", "Friday", "Saturday"),
        "month": ("April", "August", "October"),
        "room": ("12", "208", "314", "401"),
        "country": ("England", "Austria", "Portugal"),
        "occupancy": ("72", "88", "95"),
        "subject": ("a weekend by the sea", "rooms and linen", "the spa", "the restaurant"),
    },
    contract_genre=TB,
)
