"""Two more idea worlds, written before the offline roles were tuned by meaning (issue 27,
point 2): a secondary school's documents (SCHOOL) and a town council's (COUNCIL). COUNCIL was
kept apart when it was written, run once at the end of that round against what was tuned on the
others, and tuned on since.

As in _idea_worlds_more.py, each holds six ideas planted in phrasings that share no content
word with the question ("A phone was found in a pupil's pocket during the maths paper." for
"where do we discuss cheating in exams?") and near misses that share the question's words and
not its meaning ("Exam results will be posted on the notice board on Friday.").
"""

from __future__ import annotations

from benchmarks.scale._idea_world import Idea, Phrasing, WorldSpec

# -- SCHOOL: staff meeting minutes, school policies, letters home and service contracts --------

M, P, LH, SC = "staff_minutes", "school_policy", "letter_home", "service_contract"
SCHOOL_GENRES = (M, P, LH, SC)

SCHOOL = WorldSpec(
    name="school",
    genres=SCHOOL_GENRES,
    genre_kind={M: "note", P: "note", LH: "note", SC: "contract"},
    ideas=(
        Idea("bullying", "where do we discuss bullying?"),
        Idea("exam_cheating", "where do we discuss cheating in exams?"),
        Idea("truancy", "where is truancy discussed?"),
        Idea("food_allergy", "where do we discuss food allergies?"),
        Idea("teacher_workload", "where do we discuss teacher workload?"),
        Idea("outings", "where do we discuss school trips?"),
    ),
    phrasings=(
        # bullying
        Phrasing(
            "lunch_money_mocked",
            "bullying",
            "Two older boys kept taking {person}'s lunch money and mocking him on the bus.",
            (M, LH),
        ),
        Phrasing(
            "left_out_cruel_posts",
            "bullying",
            "Girls in year {year} have been leaving her out and posting cruel things about her.",
            (M,),
        ),
        Phrasing(
            "picked_on_tell",
            "bullying",
            "Any pupil who is picked on again and again should tell a teacher they trust.",
            (P, LH),
        ),
        Phrasing(
            "weight_names",
            "bullying",
            "Calling someone names about their weight is treated as seriously as a punch.",
            (P,),
        ),
        Phrasing(
            "pushed_lockers",
            "bullying",
            "{person} was shoved against the lockers every morning until his mother rang us.",
            (M,),
        ),
        Phrasing(
            "driver_reports_threatened",
            "bullying",
            "{party} drivers shall report any child threatened or harassed by other passengers.",
            (SC,),
        ),
        # exam_cheating
        Phrasing(
            "phone_in_pocket",
            "exam_cheating",
            "A phone was found in a pupil's pocket during the maths paper.",
            (M,),
        ),
        Phrasing(
            "essays_copied_website",
            "exam_cheating",
            "Three essays handed in this term were copied word for word from a website.",
            (M, LH),
        ),
        Phrasing(
            "notes_during_test",
            "exam_cheating",
            "Candidates caught looking at notes during a test will have that paper cancelled.",
            (P,),
        ),
        Phrasing(
            "answers_passed_round",
            "exam_cheating",
            "Someone passed the answers round before the chemistry paper in {month}.",
            (M,),
        ),
        Phrasing(
            "coursework_by_parent",
            "exam_cheating",
            "Coursework written by a parent or a private tutor will be marked zero.",
            (P, LH),
        ),
        Phrasing(
            "invigilators_confiscate",
            "exam_cheating",
            "{party} invigilators shall confiscate any device brought into the hall.",
            (SC,),
        ),
        # truancy
        Phrasing(
            "not_in_class_eleven_days",
            "truancy",
            "{person} has not been in class for eleven days and nobody answers the phone at home.",
            (M,),
        ),
        Phrasing(
            "holidays_in_term_fined",
            "truancy",
            "Families who take holidays during term time may be fined by the council.",
            (P, LH),
        ),
        Phrasing(
            "registers_text_parents",
            "truancy",
            "Registers are checked at nine, and a text goes home for every child not present.",
            (P, LH),
        ),
        Phrasing(
            "seen_in_shopping_centre",
            "truancy",
            "A group of year {year} boys were seen in the shopping centre during lessons.",
            (M,),
        ),
        Phrasing(
            "attendance_below_ninety",
            "truancy",
            "Attendance below ninety per cent leads to a meeting with the family.",
            (P, M),
        ),
        Phrasing(
            "did_not_board_bus",
            "truancy",
            "{party} shall tell the office the same morning if a child did not board the bus.",
            (SC,),
        ),
        # food_allergy
        Phrasing(
            "adrenaline_pen_peanuts",
            "food_allergy",
            "{person} carries an adrenaline pen because peanuts could kill him.",
            (M, LH),
        ),
        Phrasing(
            "no_nuts_parties",
            "food_allergy",
            "Nothing containing nuts may be brought in for class parties.",
            (P, LH),
        ),
        Phrasing(
            "sesame_egg_marked",
            "food_allergy",
            "Dishes with sesame, egg or shellfish are marked on the menu board.",
            (P,),
        ),
        Phrasing(
            "hives_after_dessert",
            "food_allergy",
            "A girl in year {year} came out in hives after the pudding at lunch.",
            (M,),
        ),
        Phrasing(
            "label_every_ingredient",
            "food_allergy",
            "{party} shall label every ingredient that may cause a reaction.",
            (SC,),
        ),
        Phrasing(
            "avoid_milk_wheat",
            "food_allergy",
            "Tell the kitchen in writing if your child must avoid milk or wheat.",
            (LH, P),
        ),
        # teacher_workload
        Phrasing(
            "marking_until_midnight",
            "teacher_workload",
            "Staff are marking until midnight most evenings just to keep up.",
            (M,),
        ),
        Phrasing(
            "no_free_period",
            "teacher_workload",
            "{person} said she has not had a free period in three weeks.",
            (M,),
        ),
        Phrasing(
            "emails_after_six",
            "teacher_workload",
            "Emails sent after six need not be answered before the next morning.",
            (P,),
        ),
        Phrasing(
            "reports_cut_to_two",
            "teacher_workload",
            "The reports each tutor writes have been cut from three a year to two.",
            (M, P),
        ),
        Phrasing(
            "close_to_burning_out",
            "teacher_workload",
            "Several colleagues are close to burning out before Christmas.",
            (M,),
        ),
        Phrasing(
            "supply_cover_planning",
            "teacher_workload",
            "{party} shall provide cover so that every department keeps its planning afternoon.",
            (SC,),
        ),
        # outings
        Phrasing(
            "coach_science_museum",
            "outings",
            "The coach to the science museum leaves at eight and returns by four.",
            (LH, M),
        ),
        Phrasing(
            "sign_outdoor_centre",
            "outings",
            "Parents must sign the form before their child can go to the outdoor centre in "
            "{month}.",
            (LH,),
        ),
        Phrasing(
            "one_adult_per_ten",
            "outings",
            "One adult is needed for every ten children on any visit away from the site.",
            (P,),
        ),
        Phrasing(
            "week_in_mountains",
            "outings",
            "The year {year} week in the mountains costs three hundred pounds.",
            (LH, M),
        ),
        Phrasing(
            "driver_for_excursions",
            "outings",
            "{party} shall provide a driver and a vehicle for day excursions on two weeks' notice.",
            (SC,),
        ),
        Phrasing(
            "deposits_theatre_outing",
            "outings",
            "{person} is collecting deposits for the theatre outing.",
            (M, LH),
        ),
    ),
    near_misses=(
        Phrasing(
            "bully_in_play",
            "bullying",
            "The bullying landlord in the school play was acted very well by {person}.",
            (LH, M),
        ),
        Phrasing(
            "bullying_policy_printer",
            "bullying",
            "The printer for the bullying policy leaflets has run out of toner.",
            (M,),
        ),
        Phrasing(
            "exam_results_posted",
            "exam_cheating",
            "Exam results will be posted on the notice board on {weekday}.",
            (LH, P),
        ),
        Phrasing(
            "cheating_husband_film",
            "exam_cheating",
            "The film about a cheating husband is not suitable for year seven.",
            (M,),
        ),
        Phrasing(
            "truancy_officer_parking",
            "truancy",
            "The truancy officer's parking space has moved to the back gate.",
            (M, P),
        ),
        Phrasing(
            "food_technology",
            "food_allergy",
            "Food technology lessons start again after half term.",
            (LH, M),
        ),
        Phrasing(
            "pollen_allergies",
            "food_allergy",
            "Pollen allergies make the summer months hard for some pupils.",
            (LH,),
        ),
        Phrasing(
            "teacher_parking_bays",
            "teacher_workload",
            "The teacher parking bays are being repainted on {weekday}.",
            (M, LH),
        ),
        Phrasing(
            "printer_workload",
            "teacher_workload",
            "{party} shall report the workload of each photocopier every month.",
            (SC,),
        ),
        Phrasing(
            "tripped_on_stairs",
            "outings",
            "A pupil tripped on the stairs and bruised her knee.",
            (M,),
        ),
        Phrasing(
            "school_nurse_days",
            "outings",
            "The school nurse is in on {weekday} mornings.",
            (LH, P),
        ),
    ),
    fillers={
        M: (
            "Minutes were taken by {person}.",
            "Apologies were received from {person2}.",
            "The meeting started at {time}.",
            "The next meeting is on {weekday}.",
            "{person} thanked everyone for coming.",
        ),
        P: (
            "This policy applies to every member of the school community.",
            "It is reviewed by the governors every two years.",
            "Questions about it go to the deputy head.",
            "A printed copy is kept in the main office.",
        ),
        LH: (
            "Dear parents and carers,",
            "Thank you for your continued support.",
            "Please return the slip by {weekday}.",
            "The office is open from eight until four.",
        ),
        SC: (
            "This agreement is governed by the laws of {country}.",
            "{party} is a company registered in {country}.",
            "Headings are for convenience only.",
            "Notices are sent to the addresses given above.",
            "The services are listed in the first schedule.",
        ),
    },
    titles={
        M: "{department} staff meeting",
        P: "{topic} policy",
        LH: "Letter home: {task}",
        SC: "{party} Services Agreement",
    },
    clause_headings={
        "bullying": "Conduct",
        "exam_cheating": "Assessment",
        "truancy": "Registers",
        "food_allergy": "Catering",
        "teacher_workload": "Staffing",
        "outings": "Transport",
    },
    slots={
        "party": ("Brightpath Services", "Hollis Coaches", "Kingsmead Catering", "Orla Staffing"),
        "person": ("Aisha", "Ben", "Chloe", "Daniel", "Ewa", "Farid"),
        "year": ("seven", "eight", "nine", "ten"),
        "month": ("March", "June", "October"),
        "weekday": ("Monday", "Wednesday", "Friday"),
        "time": ("half past three", "four", "eight"),
        "country": ("England", "Wales", "Ireland"),
        "department": ("Science", "English", "Maths", "Humanities"),
        "topic": ("Behaviour", "Uniform", "Homework", "Safeguarding"),
        "task": ("the new term", "the spring term", "the summer term", "a reminder"),
    },
    contract_genre=SC,
)


# -- COUNCIL (kept apart when written): committee minutes, planning decisions, answers to
# residents and service contracts -------------------------------------------------------------

CM, PD, RA, CC = "committee_minutes", "planning_decision", "resident_answers", "council_contract"
COUNCIL_GENRES = (CM, PD, RA, CC)

COUNCIL = WorldSpec(
    name="council",
    genres=COUNCIL_GENRES,
    genre_kind={CM: "note", PD: "note", RA: "note", CC: "contract"},
    ideas=(
        Idea("noise", "where do we discuss noise complaints?"),
        Idea("road_repairs", "where do we discuss road repairs?"),
        Idea("rubbish", "where is rubbish collection discussed?"),
        Idea("housing_shortage", "where do we discuss the housing shortage?"),
        Idea("flood_risk", "where do we discuss flood risk?"),
        Idea("spending_cuts", "where do we discuss spending cuts?"),
    ),
    phrasings=(
        # noise
        Phrasing(
            "bar_music_awake",
            "noise",
            "People on {street} say the bar's music keeps them awake until three.",
            (CM, RA),
        ),
        Phrasing(
            "dogs_barking_form",
            "noise",
            "Dogs barking all day next door can be reported through the online form.",
            (RA,),
        ),
        Phrasing(
            "drills_eight_to_six",
            "noise",
            "The building site may only run its drills between eight and six.",
            (PD, CM),
        ),
        Phrasing(
            "car_alarm_rung",
            "noise",
            "{person} has rung us four times about the car alarm that goes off at night.",
            (CM,),
        ),
        Phrasing(
            "quiet_machines_before_seven",
            "noise",
            "{party} shall keep its machines quiet before seven in residential streets.",
            (CC,),
        ),
        Phrasing(
            "nightclub_soundproofing",
            "noise",
            "The nightclub must fit soundproofing before its licence is extended.",
            (PD,),
        ),
        # road_repairs
        Phrasing(
            "hole_burst_tyre",
            "road_repairs",
            "The hole outside number {number} {street} is deep enough to burst a tyre.",
            (CM, RA),
        ),
        Phrasing(
            "resurfacing_high_street",
            "road_repairs",
            "Resurfacing of the high street will close it for three nights.",
            (CM, PD),
        ),
        Phrasing(
            "cracked_paving_library",
            "road_repairs",
            "Cracked paving by the library tripped an elderly man.",
            (CM,),
        ),
        Phrasing(
            "fill_pothole_days",
            "road_repairs",
            "{party} shall fill any reported pothole within {days} days.",
            (CC,),
        ),
        Phrasing(
            "broken_tarmac_canal",
            "road_repairs",
            "Cyclists have reported the broken tarmac on the canal path.",
            (RA, CM),
        ),
        # rubbish
        Phrasing(
            "bins_not_emptied",
            "rubbish",
            "The bins on {street} were not emptied this week.",
            (CM, RA),
        ),
        Phrasing(
            "recycling_lorries_tuesday",
            "rubbish",
            "Recycling lorries now come every other {weekday}.",
            (RA,),
        ),
        Phrasing(
            "bags_pavement_gulls",
            "rubbish",
            "Bags left on the pavement are torn open by foxes and gulls.",
            (CM, RA),
        ),
        Phrasing(
            "empty_household_bin",
            "rubbish",
            "{party} shall empty every household bin on its scheduled day.",
            (CC,),
        ),
        Phrasing(
            "garden_waste_brown_bin",
            "rubbish",
            "Garden waste goes in the brown wheelie bin from April.",
            (RA, PD),
        ),
        # housing_shortage
        Phrasing(
            "families_waiting_flat",
            "housing_shortage",
            "Over {number} families are waiting for a council flat.",
            (CM, RA),
        ),
        Phrasing(
            "young_cannot_afford_rent",
            "housing_shortage",
            "Young people cannot afford to rent anywhere in town.",
            (CM,),
        ),
        Phrasing(
            "rents_faster_than_wages",
            "housing_shortage",
            "Rents have risen faster than wages for five years.",
            (CM, PD),
        ),
        Phrasing(
            "third_below_market",
            "housing_shortage",
            "The new estate must offer a third of its homes below market prices.",
            (PD,),
        ),
        Phrasing(
            "bed_and_breakfast_months",
            "housing_shortage",
            "{person} and her children have lived in a bed and breakfast for eight months.",
            (CM, RA),
        ),
        # flood_risk
        Phrasing(
            "water_over_riverbank",
            "flood_risk",
            "Water came over the riverbank and into the ground floors of {street}.",
            (CM,),
        ),
        Phrasing(
            "sandbags_at_depot",
            "flood_risk",
            "Sandbags are kept at the depot for residents who need them.",
            (RA,),
        ),
        Phrasing(
            "drains_overflow_storm",
            "flood_risk",
            "Drains on the ring road overflow after every heavy storm.",
            (CM, RA),
        ),
        Phrasing(
            "clear_culverts_autumn",
            "flood_risk",
            "{party} shall clear the culverts before each autumn.",
            (CC,),
        ),
        Phrasing(
            "low_meadow_fills",
            "flood_risk",
            "Nothing may be built on the low meadow that fills with water each winter.",
            (PD,),
        ),
        # spending_cuts
        Phrasing(
            "library_three_days",
            "spending_cuts",
            "The library will open three days a week instead of six to save money.",
            (CM, RA),
        ),
        Phrasing(
            "youth_grants_quarter",
            "spending_cuts",
            "Grants to youth clubs fall by a quarter next year.",
            (CM,),
        ),
        Phrasing(
            "two_million_savings",
            "spending_cuts",
            "We must find two million pounds of savings before April.",
            (CM,),
        ),
        Phrasing(
            "street_lights_midnight",
            "spending_cuts",
            "Street lights will switch off at midnight to lower the electricity bill.",
            (RA, CM),
        ),
        Phrasing(
            "fee_reduced_ten",
            "spending_cuts",
            "{party}'s fee is reduced by ten percent from the next financial year.",
            (CC,),
        ),
    ),
    near_misses=(
        Phrasing(
            "noise_cancelling_headphones",
            "noise",
            "Headphones that block noise were bought for the call centre.",
            (CM,),
        ),
        Phrasing(
            "app_complaints_halved",
            "noise",
            "Complaints about the parking app have halved since May.",
            (RA, CM),
        ),
        Phrasing(
            "road_safety_poster",
            "road_repairs",
            "The road safety poster competition is open to every primary school.",
            (RA,),
        ),
        Phrasing(
            "clock_repairs",
            "road_repairs",
            "Repairs to the town hall clock are finished.",
            (CM, PD),
        ),
        Phrasing(
            "art_collection",
            "rubbish",
            "The art collection at the museum is being catalogued.",
            (CM,),
        ),
        Phrasing(
            "rubbish_weather",
            "rubbish",
            "Rubbish weather spoiled the summer fair, but the raffle went ahead.",
            (RA,),
        ),
        Phrasing(
            "volunteer_shortage",
            "housing_shortage",
            "A shortage of volunteers means the gala is cancelled.",
            (CM, RA),
        ),
        Phrasing(
            "housing_exhibits",
            "housing_shortage",
            "Housing the museum's new exhibits will need another room.",
            (PD,),
        ),
        Phrasing(
            "flood_of_applications",
            "flood_risk",
            "A flood of applications for the arts grant came in.",
            (CM,),
        ),
        Phrasing(
            "risk_register_clerk",
            "flood_risk",
            "The risk register was updated by the clerk.",
            (CM, CC),
        ),
        Phrasing(
            "hedge_cutting",
            "spending_cuts",
            "Hedge cuts on {street} start next week.",
            (RA,),
        ),
        Phrasing(
            "spending_lights_approved",
            "spending_cuts",
            "Spending on the Christmas lights was approved by every member.",
            (CM,),
        ),
    ),
    fillers={
        CM: (
            "The chair opened the meeting at {time}.",
            "Apologies were received from Councillor {person}.",
            "The minutes of the last meeting were agreed.",
            "The next meeting is on {weekday}.",
            "Councillor {person} declared no interest.",
        ),
        PD: (
            "The application was received in {month}.",
            "The site lies within the town boundary.",
            "Drawings are available at the planning office.",
            "This decision may be appealed within six months.",
        ),
        RA: (
            "Thank you for contacting the council.",
            "You can also call us on weekdays.",
            "Our offices close at five.",
            "We aim to reply within ten working days.",
        ),
        CC: (
            "This agreement is governed by the laws of {country}.",
            "{party} is a company registered in {country}.",
            "Headings are for convenience only.",
            "Notices are sent to the addresses given above.",
            "The services are listed in the first schedule.",
        ),
    },
    titles={
        CM: "{committee} committee minutes",
        PD: "Planning decision: {site}",
        RA: "Your questions: {task}",
        CC: "{party} Services Contract",
    },
    clause_headings={
        "noise": "Working hours",
        "road_repairs": "Highways",
        "rubbish": "Street services",
        "housing_shortage": "Tenancies",
        "flood_risk": "Drainage",
        "spending_cuts": "Charges",
    },
    slots={
        "party": ("Greystone Works", "Avon Civic", "Tidewell Services", "Harrow Contracting"),
        "person": ("Ahmed", "Bridget", "Colin", "Dorota", "Emeka"),
        "street": ("Mill Lane", "Station Road", "Church Street", "Park Avenue"),
        "number": ("12", "40", "300"),
        "days": ("two", "five", "seven"),
        "weekday": ("Monday", "Tuesday", "Thursday"),
        "time": ("seven", "half past six", "six"),
        "month": ("February", "May", "September"),
        "country": ("England", "Scotland", "Wales"),
        "committee": ("Environment", "Housing", "Finance", "Communities"),
        "site": ("land at Mill Lane", "the old bus depot", "12 Station Road", "the quarry"),
        "task": ("bins and streets", "roads", "your home", "council tax"),
    },
    contract_genre=CC,
)

LATER_WORLDS = {SCHOOL.name: SCHOOL, COUNCIL.name: COUNCIL}
