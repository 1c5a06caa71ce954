"""The broader terms the offline labeller may give a sentence: a general list of what
organisations write about, one short phrase each, grouped by field only for the reader.

The labeller files a sentence under the terms the embedded model finds nearest its meaning, so
a sentence that never says "error" can still be filed under "medication error". The list is
general on purpose: it is not written from any one collection of documents, and an idea it does
not hold is still judged by its likeness to each sentence (docs/embeddings.md).
"""

from __future__ import annotations

CONCEPTS_BY_FIELD: dict[str, str] = {
    "commerce": """
        price increase; price reduction; discount; pricing; quotation; invoice; late payment;
        payment terms; refund; deposit; credit note; billing error; currency exchange;
        sales target; sales forecast; new customer; customer loss; market share; competitor;
        advertising campaign; marketing; brand; product launch; product recall; warranty claim;
        returned goods; customer complaint; customer satisfaction; loyalty scheme;
        subscription; renewal; supplier; procurement; purchase order; tender; stock level;
        shortage of stock; overstock
    """,
    "law and contracts": """
        contract termination; notice period; contract renewal; breach of contract;
        liability; indemnity; insurance; dispute; lawsuit; arbitration; intellectual property;
        confidentiality; non-compete; governing law; force majeure; penalty; compliance;
        regulation; licence; permit; fraud; bribery; audit; whistleblowing
    """,
    "money": """
        budget; budget cut; spending cut; cost saving; overspending; revenue; profit; loss;
        cash flow; debt; loan; interest rate; tax; grant funding; fundraising; donation;
        salary; pay rise; bonus; pension; expenses claim; financial report; investment;
        energy bill; fuel cost; inflation; cost of living
    """,
    "people and work": """
        recruitment; job vacancy; staff shortage; hiring freeze; onboarding; training;
        performance review; promotion; dismissal; redundancy; resignation; retirement;
        sick leave; annual leave; parental leave; working hours; overtime; workload;
        burnout; stress at work; remote work; working from home; flexible hours;
        shift work; staff morale; team building; harassment; bullying; discrimination;
        diversity; equal pay; trade union; strike; disciplinary action; grievance;
        absence; volunteers; contractor; agency staff
    """,
    "information and technology": """
        data retention; data deletion; data protection; privacy; personal data; consent;
        security breach; cyber attack; password; phishing; malware; access control;
        backup; system outage; software bug; software update; IT support; website;
        email; mobile app; database; cloud services; hardware failure; equipment fault;
        equipment maintenance; broken equipment; printer; network; artificial intelligence;
        surveillance; records management
    """,
    "health and care": """
        medication error; prescription; patient safety; patient consent; infection control;
        hygiene; hand washing; outbreak; vaccination; diagnosis; treatment; surgery;
        hospital admission; hospital discharge; waiting list; emergency; ambulance;
        mental health; wellbeing; disability; accessibility; elderly care; nursing;
        pharmacy; medical equipment; allergy; food allergy; injury; accident; first aid;
        death; pain; nutrition; clinical trial
    """,
    "education": """
        exam; cheating; plagiarism; homework; grades; assessment; curriculum; lesson;
        teaching; teacher; pupil behaviour; school attendance; truancy; exclusion;
        special educational needs; school trip; parents; school meals; safeguarding;
        child protection; university admission; scholarship; graduation; tutoring
    """,
    "safety and environment": """
        health and safety; workplace injury; fire safety; risk assessment; hazard;
        protective equipment; road safety; driver safety; vehicle accident; crime;
        theft; vandalism; antisocial behaviour; noise complaint; pollution; air quality;
        flooding; flood risk; drought; storm damage; climate change; carbon emissions;
        recycling; waste collection; litter; energy use; renewable energy; water supply;
        pest control
    """,
    "operations": """
        late delivery; delivery delay; shipping; logistics; transport; damaged goods;
        lost parcel; customs clearance; import and export; warehouse; inventory;
        supply chain; manufacturing; production; quality control; defect; maintenance;
        repair; spare parts; breakdown; capacity; scheduling; deadline; project delay;
        project plan; quality standards; certification; inspection
    """,
    "places and public life": """
        housing; housing shortage; affordable housing; rent; homelessness; planning permission;
        building works; construction; road repair; potholes; traffic; parking;
        public transport; street lighting; parks; library; community centre; local council;
        election; public consultation; tourism; events; festival; sport; culture; museum
    """,
    "meetings and communication": """
        meeting; agenda; minutes; decision; vote; announcement; newsletter; feedback;
        survey; complaint handling; customer support; opening hours; contact details;
        appointment; booking; cancellation; schedule change; travel; business trip;
        catering; food; office move; facilities; cleaning; security guard; visitors
    """,
    "the document itself": """
        company registration; company address; contact information; signature;
        definitions; headings; scope of a policy; document review; version history;
        copyright; introduction; thanks; greeting; attachment; table of contents;
        reference number; date and time; names of people
    """,
}

CONCEPTS: tuple[str, ...] = tuple(
    dict.fromkeys(
        term.strip()
        for terms in CONCEPTS_BY_FIELD.values()
        for term in terms.replace("\n", " ").split(";")
        if term.strip()
    )
)
