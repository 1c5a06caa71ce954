"""One more idea world, written before any further tuning of the offline roles and kept apart
from it: a building contractor (BUILDER). Nothing is tuned on it; it is run once, at the end,
against what was tuned on the others.

Its ideas were chosen for a building contractor, the way a site or commercial manager would
ask "where do we discuss X?", not from the broader term list (ideas/offline/concepts.py). Two
are close cousins (late payments and retention money both concern what a subcontractor is
owed); the others are unrelated. As in _idea_worlds_more.py, each idea is planted in phrasings
that share no content word with the question ("Somebody cut the padlock on the container
overnight and took two generators." for "where do we discuss tool theft?") and near misses
that share the question's words and not its meaning ("Tool box talks are held every Monday
morning.").
"""

from __future__ import annotations

from benchmarks.scale._idea_world import Idea, Phrasing, WorldSpec

# -- BUILDER: site diaries, subcontracts, method statements and client meeting minutes -------

SD, SC, MS, CM = "site_diary", "subcontract", "method_statement", "client_minutes"
BUILDER_GENRES = (SD, SC, MS, CM)

BUILDER = WorldSpec(
    name="builder",
    genres=BUILDER_GENRES,
    genre_kind={SD: "note", SC: "contract", MS: "note", CM: "note"},
    ideas=(
        Idea("falls_from_height", "where do we discuss falls from height?"),
        Idea("late_payments", "where do we discuss late payments?"),
        Idea("retention_money", "where do we discuss retention money?"),
        Idea("weather_delays", "where do we discuss weather delays?"),
        Idea("noise_complaints", "where do we discuss noise complaints?"),
        Idea("tool_theft", "where do we discuss tool theft?"),
    ),
    phrasings=(
        # falls_from_height
        Phrasing(
            "slipped_off_scaffold",
            "falls_from_height",
            "A labourer slipped off the second lift of the scaffold on {weekday} and broke his "
            "wrist on the slab below.",
            (SD, CM),
        ),
        Phrasing(
            "harness_above_two_metres",
            "falls_from_height",
            "Anyone working more than two metres up clips a harness to the anchor line before "
            "stepping onto the roof.",
            (MS,),
        ),
        Phrasing(
            "edge_protection_slab",
            "falls_from_height",
            "Edge protection goes on every open slab edge before the formwork gang leaves.",
            (MS, SC),
        ),
        Phrasing(
            "stairwell_void",
            "falls_from_height",
            "{person} stepped backwards through an uncovered stairwell void and landed a full "
            "storey down.",
            (SD,),
        ),
        Phrasing(
            "eaves_without_rail",
            "falls_from_height",
            "The client asked why the roofers were working at the eaves without a guard rail.",
            (CM,),
        ),
        Phrasing(
            "own_harnesses_rescue_plan",
            "falls_from_height",
            "{party} shall provide and maintain its own harnesses, lanyards and rescue plan for "
            "all work on ladders, roofs and scaffolds.",
            (SC,),
        ),
        Phrasing(
            "ladders_sliding_out",
            "falls_from_height",
            "Two of last year's four reportable injuries came from ladders sliding out at the "
            "foot.",
            (CM, SD),
        ),
        # late_payments
        Phrasing(
            "invoice_sixty_days",
            "late_payments",
            "The groundworks invoice from {month} is still unsettled, sixty days on.",
            (CM,),
        ),
        Phrasing(
            "interest_above_base",
            "late_payments",
            "{party} shall receive each valuation sum within thirty days of its due date, "
            "failing which interest accrues at eight per cent above base rate.",
            (SC,),
        ),
        Phrasing(
            "bricklayers_downed_trowels",
            "late_payments",
            "The bricklayers downed trowels on {weekday} because their April valuation still had "
            "not reached their bank.",
            (SD,),
        ),
        Phrasing(
            "certificate_on_desk",
            "late_payments",
            "The client's finance team admitted the interim certificate sat on a desk for five "
            "weeks.",
            (CM,),
        ),
        Phrasing(
            "suspend_on_notice",
            "late_payments",
            "If a valuation is still unsettled after its final date, {party} may suspend work on "
            "seven days' notice.",
            (SC,),
        ),
        Phrasing(
            "scaffolder_cash_flow",
            "late_payments",
            "Cash flow is tight: the scaffolder says he cannot keep men on the job while three "
            "of his invoices are outstanding.",
            (SD, CM),
        ),
        # retention_money
        Phrasing(
            "five_per_cent_held_back",
            "retention_money",
            "Five per cent of every valuation is held back until practical completion, and half "
            "of that until the end of the defects period.",
            (SC,),
        ),
        Phrasing(
            "roofer_final_account",
            "retention_money",
            "The roofer wants back the sum we kept from his final account two years ago.",
            (CM, SD),
        ),
        Phrasing(
            "withheld_percentage_returned",
            "retention_money",
            "{party} shall have the withheld percentage returned twelve months after handover, "
            "provided all defects are made good.",
            (SC,),
        ),
        Phrasing(
            "release_first_half",
            "retention_money",
            "The client agreed to release the first half of the held-back amount once the "
            "building control certificate arrives.",
            (CM,),
        ),
        Phrasing(
            "plasterers_three_per_cent",
            "retention_money",
            "Our plasterers say we are still sitting on three per cent of their account from the "
            "school extension.",
            (SD,),
        ),
        Phrasing(
            "trust_account_deductions",
            "retention_money",
            "Sums deducted under clause 4 are kept in a separate trust account in case the main "
            "contractor goes bust.",
            (SC, CM),
        ),
        # weather_delays
        Phrasing(
            "frost_no_pour",
            "weather_delays",
            "No concrete was poured on {weekday}: frost was forecast overnight and the slab "
            "would not have cured.",
            (SD,),
        ),
        Phrasing(
            "excavation_full_of_water",
            "weather_delays",
            "Rain stopped the groundworks for the third day running and the excavation is full "
            "of water.",
            (SD, CM),
        ),
        Phrasing(
            "cranes_stop_gusts",
            "weather_delays",
            "Cranes stop lifting when gusts at the jib exceed thirty-eight miles an hour.",
            (MS,),
        ),
        Phrasing(
            "adverse_conditions_extension",
            "weather_delays",
            "{party} may claim an extension of time for exceptionally adverse conditions "
            "recorded at the nearest Met Office station.",
            (SC,),
        ),
        Phrasing(
            "roof_two_weeks_behind",
            "weather_delays",
            "The client was told the roof will be watertight two weeks after the programme date "
            "because of the storms in {month}.",
            (CM,),
        ),
        Phrasing(
            "brickwork_below_three_degrees",
            "weather_delays",
            "Brickwork is not laid below three degrees or in driving rain; the gang is stood "
            "down and the lost hours are logged.",
            (MS, SD),
        ),
        # noise_complaints
        Phrasing(
            "breaker_woke_baby",
            "noise_complaints",
            "A neighbour came to the gate at seven on {weekday} to say the breaker had woken her "
            "baby.",
            (SD,),
        ),
        Phrasing(
            "percussive_hours",
            "noise_complaints",
            "Percussive work such as breaking out and piling is limited to nine until five on "
            "weekdays.",
            (MS, SC),
        ),
        Phrasing(
            "generator_overnight",
            "noise_complaints",
            "The council's environmental health officer rang about the generator running all "
            "night.",
            (SD, CM),
        ),
        Phrasing(
            "residents_emails_piling",
            "noise_complaints",
            "The client has had three emails from residents on {street} about the piling rig "
            "this month.",
            (CM,),
        ),
        Phrasing(
            "boundary_decibels",
            "noise_complaints",
            "{party} shall keep sound levels at the boundary below seventy decibels and shall "
            "not play radios on the works.",
            (SC,),
        ),
        Phrasing(
            "acoustic_screens",
            "noise_complaints",
            "Acoustic screens go up along the school boundary before any concrete cutting starts.",
            (MS,),
        ),
        # tool_theft
        Phrasing(
            "padlock_cut_container",
            "tool_theft",
            "Somebody cut the padlock on the container overnight and took two generators and a "
            "laser level.",
            (SD,),
        ),
        Phrasing(
            "locked_in_steel_store",
            "tool_theft",
            "All power equipment is locked in the steel store at the end of the shift and the "
            "key is handed to the site manager.",
            (MS,),
        ),
        Phrasing(
            "insure_against_break_in",
            "tool_theft",
            "{party} shall insure its own plant and hand equipment against loss from the works, "
            "including loss by break-in.",
            (SC,),
        ),
        Phrasing(
            "cctv_white_van",
            "tool_theft",
            "The police came about the missing breaker and drills; the camera shows a white van "
            "at the gate at two in the morning.",
            (SD, CM),
        ),
        Phrasing(
            "dog_patrol_cost",
            "tool_theft",
            "The client asked whether the dog patrol is worth its cost after the second break-in "
            "this quarter.",
            (CM,),
        ),
        Phrasing(
            "forensic_marking",
            "tool_theft",
            "Every drill and saw is now marked with a forensic code and registered online.",
            (MS, SD),
        ),
    ),
    near_misses=(
        Phrasing(
            "ceiling_height_reception",
            "falls_from_height",
            "The ceiling height in the reception is two point seven metres.",
            (CM, MS),
        ),
        Phrasing(
            "floor_falls_to_drain",
            "falls_from_height",
            "The shower floor falls towards the drain at one in eighty.",
            (MS,),
        ),
        Phrasing(
            "late_shift_floodlights",
            "late_payments",
            "The late shift finishes at ten, when the floodlights go off.",
            (SD,),
        ),
        Phrasing(
            "canteen_payment_card",
            "late_payments",
            "Payment in the canteen is by card only.",
            (SD, MS),
        ),
        Phrasing(
            "bank_details_payments",
            "late_payments",
            "Bank details for payments are printed at the head of every invoice.",
            (SC,),
        ),
        Phrasing(
            "staff_retention_apprentices",
            "retention_money",
            "Staff retention has improved since the apprenticeship scheme began.",
            (CM,),
        ),
        Phrasing(
            "money_on_landscaping",
            "retention_money",
            "The client would like to spend more money on the landscaping.",
            (CM, SD),
        ),
        Phrasing(
            "weather_topping_out",
            "weather_delays",
            "The weather was warm and sunny for the topping-out ceremony.",
            (SD, CM),
        ),
        Phrasing(
            "timer_delay_stairs",
            "weather_delays",
            "The delay on the stair lighting timer is set to two minutes.",
            (MS, SC),
        ),
        Phrasing(
            "ear_defenders_noise",
            "noise_complaints",
            "Noise levels above eighty-five decibels call for ear defenders.",
            (MS,),
        ),
        Phrasing(
            "canteen_complaints",
            "noise_complaints",
            "Complaints about the canteen food go to the welfare officer.",
            (SD,),
        ),
        Phrasing(
            "tool_box_talks",
            "tool_theft",
            "Tool box talks are held every Monday morning.",
            (SD, MS),
        ),
        Phrasing(
            "car_theft_paper",
            "tool_theft",
            "The theft of a car on {street} made the local paper.",
            (CM,),
        ),
        Phrasing(
            "tool_hire_invoices",
            "tool_theft",
            "Tool hire invoices go to the quantity surveyor.",
            (SC, CM),
        ),
        Phrasing(
            "falls_on_bank_holiday",
            "falls_from_height",
            "Handover falls on the week after the bank holiday.",
            (CM,),
        ),
    ),
    fillers={
        SD: (
            "Site manager: {person}.",
            "{count} operatives signed in this morning.",
            "Blocks and sand delivered before ten.",
            "Visitors signed in at the gate.",
            "Nothing further to note.",
        ),
        SC: (
            "This subcontract is governed by the laws of {country}.",
            "{party} is a company registered in {country}.",
            "Headings are for convenience only.",
            "Notices are sent to the addresses given above.",
            "The works are described in the first schedule.",
        ),
        MS: (
            "This method statement is read together with the risk assessment.",
            "Every operative signs the briefing sheet before starting.",
            "Hard hats, boots and high-visibility vests are worn at all times.",
            "Questions go to the site manager.",
        ),
        CM: (
            "Present: {person}, {person2} and the client's project manager.",
            "Minutes of the previous meeting were agreed.",
            "The next meeting is on {weekday} at ten.",
            "Any other business: none.",
        ),
    },
    titles={
        SD: "Site diary, {weekday}",
        SC: "{party} Subcontract",
        MS: "Method statement: {task}",
        CM: "Client meeting minutes: {project}",
    },
    clause_headings={
        "falls_from_height": "Access equipment",
        "late_payments": "Valuations",
        "retention_money": "Deductions",
        "weather_delays": "Extensions of time",
        "noise_complaints": "Neighbours",
        "tool_theft": "Plant and equipment",
    },
    slots={
        "party": ("Hartley Groundworks", "Pennine Roofing", "Calder Scaffolding", "Ashby Brick"),
        "person": ("Aoife", "Bogdan", "Callum", "Deepa", "Ewan", "Farah"),
        "weekday": ("Monday", "Wednesday", "Thursday"),
        "month": ("February", "June", "September"),
        "street": ("Mill Lane", "Station Road", "Church Street"),
        "count": ("Twelve", "Eighteen", "Twenty-three"),
        "country": ("England", "Scotland", "Wales"),
        "task": ("roof covering", "concrete pours", "scaffold erection", "internal fit-out"),
        "project": ("the health centre", "Riverside flats", "the school extension"),
    },
    contract_genre=SC,
)
