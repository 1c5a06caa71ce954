"""Two more idea worlds, written before anything was tuned on them: a hospital's documents
(CLINIC) and a freight company's (FREIGHT). FREIGHT was kept apart when it was written, run once
at the end of that round against what was tuned on the others, and tuned on since.

Each holds six ideas, each planted in phrasings that share no content word with its question
("Bed 4 was given a double dose of insulin" for "where do we discuss medication errors?"), and
near misses that share the question's words and not its meaning ("The medication trolley is
restocked every morning."). The shapes are _idea_world.py's: Idea, Phrasing, genres, fillers,
titles, clause headings and slots.
"""

from __future__ import annotations

from benchmarks.scale._idea_world import Idea, Phrasing, WorldSpec
from benchmarks.scale._idea_world_bank import BANK
from benchmarks.scale._idea_world_builder import BUILDER
from benchmarks.scale._idea_world_desk import DESK
from benchmarks.scale._idea_world_hotel import HOTEL
from benchmarks.scale._idea_worlds_later import LATER_WORLDS

# -- CLINIC: a hospital's handover notes, guidelines, patient leaflets and supplier contracts --

H, G, L, K = "handover_notes", "guideline", "leaflet", "supply_contract"
CLINIC_GENRES = (H, G, L, K)

CLINIC = WorldSpec(
    name="clinic",
    genres=CLINIC_GENRES,
    genre_kind={H: "note", G: "note", L: "note", K: "contract"},
    ideas=(
        Idea("medication_error", "where do we discuss medication errors?"),
        Idea("patient_consent", "where is patient consent discussed?"),
        Idea("infection_control", "where do we discuss infection control?"),
        Idea("staff_shortage", "where do we discuss staff shortages?"),
        Idea("going_home", "where do we discuss discharging patients?"),
        Idea("equipment_fault", "where do we discuss broken equipment?"),
    ),
    phrasings=(
        # medication_error
        Phrasing(
            "double_insulin",
            "medication_error",
            "Bed {bed} was given a double dose of insulin before anyone noticed.",
            (H,),
        ),
        Phrasing(
            "wrong_tablets",
            "medication_error",
            "The wrong tablets were handed to the woman in room {room}.",
            (H, G),
        ),
        Phrasing(
            "ten_times_morphine",
            "medication_error",
            "A nurse drew up ten times the prescribed amount of morphine.",
            (H, G),
        ),
        Phrasing(
            "similar_surnames_pills",
            "medication_error",
            "Two people with similar surnames received each other's pills.",
            (H,),
        ),
        Phrasing(
            "pharmacy_dosing_slip",
            "medication_error",
            "Pharmacy flagged a dosing slip on the children's ward in {month}.",
            (H, G),
        ),
        Phrasing(
            "drug_given_twice",
            "medication_error",
            "If a drug is given twice by mistake, tell the doctor on call at once.",
            (G, L),
        ),
        # patient_consent
        Phrasing(
            "signed_form_surgery",
            "patient_consent",
            "Nobody goes to theatre until they have signed the form agreeing to surgery.",
            (G, L, H),
        ),
        Phrasing(
            "explain_risks_agreed",
            "patient_consent",
            "Explain the risks of the procedure and write down that she agreed.",
            (G, H),
        ),
        Phrasing(
            "relative_cannot_approve",
            "patient_consent",
            "A relative cannot approve treatment for an adult who is able to decide.",
            (G, L),
        ),
        Phrasing(
            "withdraw_permission_study",
            "patient_consent",
            "You may withdraw your permission to take part in the study at any time.",
            (L, K),
        ),
        Phrasing(
            "refused_transfusion",
            "patient_consent",
            "He refused the blood transfusion, and his wishes were respected.",
            (H,),
        ),
        # infection_control
        Phrasing(
            "alcohol_gel",
            "infection_control",
            "Clean your hands with alcohol gel before and after touching any bed.",
            (G, L),
        ),
        Phrasing(
            "side_room_diarrhoea",
            "infection_control",
            "Anyone with diarrhoea is moved to a side room and the door stays shut.",
            (G, H),
        ),
        Phrasing(
            "gloves_aprons_changed",
            "infection_control",
            "Gloves and aprons are changed between every bed.",
            (G, H),
        ),
        Phrasing(
            "norovirus_closed",
            "infection_control",
            "The ward was closed to visitors after {cases} cases of norovirus.",
            (H, L),
        ),
        Phrasing(
            "cannulas_replaced",
            "infection_control",
            "Cannulas are replaced every three days to keep bugs out of the bloodstream.",
            (G,),
        ),
        Phrasing(
            "sterile_instruments",
            "infection_control",
            "{party} shall deliver every surgical instrument sterile and sealed.",
            (K,),
        ),
        # staff_shortage
        Phrasing(
            "called_in_sick",
            "staff_shortage",
            "{count} nurses called in sick, so the night shift ran with two.",
            (H,),
        ),
        Phrasing(
            "vacant_post",
            "staff_shortage",
            "We could not fill the vacant consultant post for a whole year.",
            (H, G),
        ),
        Phrasing(
            "agency_half_rota",
            "staff_shortage",
            "Agency nurses covered half of the rota in {month}.",
            (H,),
        ),
        Phrasing(
            "below_safe_numbers",
            "staff_shortage",
            "The unit runs below safe numbers most weekends.",
            (H, G),
        ),
        Phrasing(
            "porters_stalled",
            "staff_shortage",
            "Hiring of porters has stalled since the spring.",
            (H,),
        ),
        Phrasing(
            "supplier_provides_cover",
            "staff_shortage",
            "{party} shall provide trained cover when our own nurses are too few.",
            (K,),
        ),
        # going_home
        Phrasing(
            "home_once_stairs",
            "going_home",
            "She can go home once the physiotherapist confirms she manages the stairs.",
            (H,),
        ),
        Phrasing(
            "transport_booked",
            "going_home",
            "Transport is booked the day before someone leaves the ward.",
            (G, L),
        ),
        Phrasing(
            "gp_summary_letter",
            "going_home",
            "Send the family doctor a summary letter on the day they leave hospital.",
            (G,),
        ),
        Phrasing(
            "beds_freed_lounge",
            "going_home",
            "Beds are freed by noon, and people waiting for a lift sit in the lounge.",
            (G, H),
        ),
        Phrasing(
            "what_to_expect_leaving",
            "going_home",
            "Before you leave us, a nurse will go through your tablets and follow-up.",
            (L,),
        ),
        # equipment_fault
        Phrasing(
            "pump_alarming",
            "equipment_fault",
            "The infusion pump in bay {bed} keeps alarming and has been taken out of use.",
            (H,),
        ),
        Phrasing(
            "defibrillator_failed",
            "equipment_fault",
            "The defibrillator failed its weekly test.",
            (H, G),
        ),
        Phrasing(
            "bed_brakes",
            "equipment_fault",
            "Call the engineers if a bed's brakes do not hold.",
            (G, L),
        ),
        Phrasing(
            "xray_down", "equipment_fault", "The X-ray machine was out of action all morning.", (H,)
        ),
        Phrasing(
            "repair_within_hours",
            "equipment_fault",
            "{party} shall repair any faulty monitor within {hours} hours.",
            (K,),
        ),
    ),
    near_misses=(
        Phrasing(
            "medication_trolley",
            "medication_error",
            "The medication trolley is restocked every morning.",
            (H, G),
        ),
        Phrasing(
            "booking_errors",
            "medication_error",
            "Errors on the booking website are reported to IT.",
            (L, G),
        ),
        Phrasing(
            "patient_lounge", "patient_consent", "The patient lounge is on the second floor.", (L,)
        ),
        Phrasing(
            "by_common_consent",
            "patient_consent",
            "By common consent the quiz night was a success.",
            (H,),
        ),
        Phrasing(
            "remote_control_tv",
            "infection_control",
            "The remote control for the television is at the nurses' station.",
            (H, L),
        ),
        Phrasing(
            "quality_control_lab",
            "infection_control",
            "Quality control of the lab reports is done every Friday.",
            (G, K),
        ),
        Phrasing("staff_canteen", "staff_shortage", "The staff canteen closes at eight.", (L, H)),
        Phrasing(
            "parking_shortage",
            "staff_shortage",
            "A shortage of parking spaces is expected during the building works.",
            (L,),
        ),
        Phrasing(
            "wound_discharge",
            "going_home",
            "Discharge from the wound was swabbed and sent to the lab.",
            (H,),
        ),
        Phrasing(
            "patients_visiting",
            "going_home",
            "Patients may have visitors between two and eight.",
            (L,),
        ),
        Phrasing(
            "fete_equipment",
            "equipment_fault",
            "Equipment for the summer fete is stored in the garage.",
            (H, G),
        ),
        Phrasing("broken_wrist", "equipment_fault", "Her broken wrist was put in a cast.", (H,)),
    ),
    fillers={
        H: (
            "Handover was given by {person} to {person2}.",
            "The ward round started at {time}.",
            "Bed {bed} is waiting for a scan.",
            "{person} will update the whiteboard.",
            "Lunch orders went in before eleven.",
        ),
        G: (
            "This guideline applies to all adult wards.",
            "It is reviewed every two years by the clinical board.",
            "Questions about it go to the matron.",
            "Local variations are recorded in writing.",
        ),
        L: (
            "This leaflet explains what happens during your stay.",
            "Please bring a list of the medicines you take at home.",
            "Ask a member of the team if anything is unclear.",
            "Large print copies are available on request.",
        ),
        K: (
            "This agreement is governed by the laws of {country}.",
            "{party} is a company registered in {country}.",
            "Headings are for convenience only.",
            "Notices are sent to the addresses given above.",
            "The products are listed in the first schedule.",
        ),
    },
    titles={
        H: "{ward} ward handover",
        G: "{topic} guideline",
        L: "Your stay: {task}",
        K: "{party} Supply Agreement",
    },
    clause_headings={
        "medication_error": "Medicines",
        "patient_consent": "Research",
        "infection_control": "Sterility",
        "staff_shortage": "Personnel",
        "going_home": "Transfers",
        "equipment_fault": "Maintenance",
    },
    slots={
        "party": ("Medivance", "Corvel Health", "Aldric Supplies", "Nordcare"),
        "bed": ("3", "4", "7", "12"),
        "room": ("5", "9", "14"),
        "month": ("January", "April", "August", "October"),
        "cases": ("three", "four", "five"),
        "count": ("Three", "Four"),
        "hours": ("4", "8", "24"),
        "person": ("Amira", "Bruno", "Celia", "Dmitri", "Elif", "Femi"),
        "time": ("eight", "nine", "ten"),
        "country": ("Ireland", "Denmark", "Austria"),
        "ward": ("Rowan", "Elm", "Willow", "Maple"),
        "topic": ("Ward practice", "Nursing", "Theatre", "Outpatient"),
        "task": ("before you arrive", "on the ward", "visiting", "your questions"),
    },
    contract_genre=K,
)


# -- FREIGHT (kept apart when written): a haulier's shipping terms, depot procedures, incident
# reports and customer answers --------------------------------------------------------------

T, D, R, F = "shipping_terms", "depot_procedure", "incident_report", "customer_answers"
FREIGHT_GENRES = (T, D, R, F)

FREIGHT = WorldSpec(
    name="freight",
    genres=FREIGHT_GENRES,
    genre_kind={T: "contract", D: "note", R: "note", F: "note"},
    ideas=(
        Idea("delivery_delay", "where do we discuss late deliveries?"),
        Idea("damaged_goods", "where do we discuss damaged goods?"),
        Idea("customs", "where is customs clearance discussed?"),
        Idea("driver_safety", "where do we discuss driver safety?"),
        Idea("fuel_costs", "where do we discuss fuel costs?"),
        Idea("sent_back", "where do we discuss returned items?"),
    ),
    phrasings=(
        # delivery_delay
        Phrasing(
            "two_days_after_promised",
            "delivery_delay",
            "The lorry reached {city} two days after the promised date.",
            (R,),
        ),
        Phrasing(
            "islands_week_longer",
            "delivery_delay",
            "Parcels to the islands may take a week longer in winter.",
            (F, T),
        ),
        Phrasing(
            "snow_held_up",
            "delivery_delay",
            "Snow held up the convoy at the border for {hours} hours.",
            (R,),
        ),
        Phrasing(
            "not_arrived_ten_days",
            "delivery_delay",
            "If your order has not arrived within ten working days, write to us.",
            (F,),
        ),
        Phrasing(
            "missed_slot",
            "delivery_delay",
            "The van missed its unloading slot at {party} and had to queue until evening.",
            (R, D),
        ),
        Phrasing(
            "compensation_for_waiting",
            "delivery_delay",
            "{party} pays a credit for every day a consignment arrives after schedule.",
            (T,),
        ),
        # damaged_goods
        Phrasing(
            "pallets_smashed", "damaged_goods", "Two pallets of glassware arrived smashed.", (R,)
        ),
        Phrasing(
            "photograph_dented",
            "damaged_goods",
            "Photograph any dented carton before you sign for it.",
            (F, D),
        ),
        Phrasing(
            "water_flour_ruined",
            "damaged_goods",
            "Water got into the container and the flour was ruined.",
            (R,),
        ),
        Phrasing(
            "crushed_claims",
            "damaged_goods",
            "Claims for crushed parcels must be made within seven days.",
            (T, F),
        ),
        Phrasing(
            "forklift_pierced",
            "damaged_goods",
            "A forklift pierced three boxes of tablets in aisle {aisle}.",
            (R, D),
        ),
        # customs
        Phrasing(
            "duties_paid_receiver",
            "customs",
            "Import duties are paid by the receiver at the border.",
            (T, F),
        ),
        Phrasing(
            "held_tariff_code",
            "customs",
            "The shipment was held at {port} until the tariff code was corrected.",
            (R,),
        ),
        Phrasing(
            "commercial_invoice_eori",
            "customs",
            "Every export needs a commercial invoice and an EORI number.",
            (D, F),
        ),
        Phrasing(
            "officials_inspected",
            "customs",
            "Border officials searched the trailer for {hours} hours.",
            (R,),
        ),
        Phrasing(
            "declarations_shipper",
            "customs",
            "The shipper is responsible for accurate export declarations.",
            (T,),
        ),
        # driver_safety
        Phrasing(
            "nine_hours_wheel",
            "driver_safety",
            "Nobody behind the wheel may work more than nine hours a day.",
            (D, T),
        ),
        Phrasing(
            "break_after_four_half",
            "driver_safety",
            "Hauliers take a forty-five minute break after four and a half hours.",
            (D,),
        ),
        Phrasing(
            "ran_red_light",
            "driver_safety",
            "A van ran a red light and hit a cyclist last {weekday}.",
            (R,),
        ),
        Phrasing(
            "seat_belts_worn",
            "driver_safety",
            "Seat belts are worn at all times in company vehicles.",
            (D,),
        ),
        Phrasing(
            "fatigue_pulled_over",
            "driver_safety",
            "{person} felt drowsy on the motorway and pulled over to sleep.",
            (R,),
        ),
        # fuel_costs
        Phrasing(
            "diesel_rose_fifth", "fuel_costs", "Diesel prices rose by a fifth this quarter.", (R, D)
        ),
        Phrasing(
            "surcharge_petrol",
            "fuel_costs",
            "A surcharge is added when petrol goes above {price} a litre.",
            (T, F),
        ),
        Phrasing(
            "more_at_pumps",
            "fuel_costs",
            "We spent more at the pumps in {month} than in the whole of last winter.",
            (R,),
        ),
        Phrasing(
            "electric_vans_per_mile",
            "fuel_costs",
            "Electric vans halve what we pay per mile to keep them moving.",
            (D, R),
        ),
        # sent_back
        Phrasing(
            "send_back_thirty_days",
            "sent_back",
            "You may send a parcel back within thirty days for a refund.",
            (F, T),
        ),
        Phrasing(
            "collected_doorstep",
            "sent_back",
            "Unwanted orders are collected from your doorstep free of charge.",
            (F,),
        ),
        Phrasing(
            "restock_unopened",
            "sent_back",
            "The warehouse restocks anything sent back unopened.",
            (D,),
        ),
        Phrasing(
            "refused_at_door",
            "sent_back",
            "Parcels refused at the door travel back to {party} at the sender's expense.",
            (T, R),
        ),
    ),
    near_misses=(
        Phrasing(
            "late_fees_invoices",
            "delivery_delay",
            "Late fees are charged on unpaid invoices.",
            (T, F),
        ),
        Phrasing(
            "delivery_addresses",
            "delivery_delay",
            "Delivery addresses can be changed in your account.",
            (F,),
        ),
        Phrasing(
            "goods_on_display",
            "damaged_goods",
            "Goods in the reception cabinet are for display only.",
            (D,),
        ),
        Phrasing(
            "goods_vehicles_parking",
            "damaged_goods",
            "Goods vehicles must not park in the visitor bay.",
            (D, R),
        ),
        Phrasing(
            "customs_traditions",
            "customs",
            "Our customs and traditions committee plans the summer party.",
            (R,),
        ),
        Phrasing(
            "height_clearance",
            "customs",
            "Height clearance under the loading bridge is four metres.",
            (D,),
        ),
        Phrasing(
            "printer_drivers",
            "driver_safety",
            "Printer drivers are updated automatically overnight.",
            (D, F),
        ),
        Phrasing(
            "data_safety", "driver_safety", "The safety of your data is our priority.", (F, T)
        ),
        Phrasing(
            "fuel_cards_returned",
            "fuel_costs",
            "Fuel cards are kept in the transport office safe.",
            (D,),
        ),
        Phrasing(
            "legal_costs_shared",
            "fuel_costs",
            "Costs of any legal dispute are shared equally.",
            (T,),
        ),
        Phrasing("return_van_keys", "sent_back", "Return the van keys to the front desk.", (D,)),
        Phrasing(
            "items_canteen",
            "sent_back",
            "Items left in the canteen are cleared away on Fridays.",
            (D, R),
        ),
    ),
    fillers={
        T: (
            "These terms are governed by the laws of {country}.",
            "{party} is a company registered in {country}.",
            "Headings are for convenience only.",
            "Notices are sent to the addresses given above.",
            "Rates are listed in the second schedule.",
        ),
        D: (
            "This procedure applies to every depot.",
            "Shift leaders make sure new starters read it.",
            "It is reviewed each year by the operations board.",
            "Questions go to the depot manager.",
        ),
        R: (
            "Report written by {person} on {weekday}.",
            "Vehicle registration is on the attached sheet.",
            "{person2} was informed by phone.",
            "No further action was needed.",
        ),
        F: (
            "This answer applies to orders placed on our website.",
            "You can reach us by chat from eight to six.",
            "Your tracking number is in the confirmation email.",
            "We answer most messages within a day.",
        ),
    },
    titles={
        T: "{party} Carriage Terms",
        D: "{topic} procedure",
        R: "Incident report: {route}",
        F: "Help: {task}",
    },
    clause_headings={
        "delivery_delay": "Transit",
        "damaged_goods": "Claims",
        "customs": "Borders",
        "driver_safety": "Operations",
        "fuel_costs": "Charges",
        "sent_back": "Collections",
    },
    slots={
        "party": ("Ostrava Freight", "Kestrel Haulage", "Baltic Link", "Meridian Cargo"),
        "city": ("Leeds", "Lyon", "Gdansk", "Porto"),
        "hours": ("three", "six", "thirty"),
        "port": ("Rotterdam", "Antwerp", "Felixstowe"),
        "aisle": ("4", "9", "12"),
        "weekday": ("Monday", "Tuesday", "Friday"),
        "person": ("Agnes", "Bilal", "Carmen", "Dafydd", "Eino"),
        "price": ("1.60", "1.75", "1.90"),
        "month": ("March", "July", "November"),
        "country": ("Poland", "Belgium", "Scotland"),
        "topic": ("Loading", "Night shift", "Yard", "Cold store"),
        "route": ("A1 northbound", "Calais crossing", "M6 junction 16"),
        "task": ("track an order", "change an order", "your account", "after you order"),
    },
    contract_genre=T,
)

WORLDS = {
    CLINIC.name: CLINIC,
    FREIGHT.name: FREIGHT,
    **LATER_WORLDS,
    DESK.name: DESK,
    HOTEL.name: HOTEL,
    BANK.name: BANK,
    BUILDER.name: BUILDER,
}
# The worlds kept apart: written before the round that tuned on the others, and run once, at its
# end. Freight, council (_idea_worlds_later.py), desk and hotel were each kept apart in an
# earlier round, run once and read; they have been tuned on since.
KEPT_APART_WORLDS = (BANK.name, BUILDER.name)
KEPT_APART = BANK.name
