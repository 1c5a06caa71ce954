"""One more idea world, written before the offline roles' last tuning and kept apart from it:
a software vendor's support desk (DESK). It was run once at the end of that round, against
what was tuned on the others, read, and tuned on in the fifth round.

As in _idea_worlds_more.py, each of its six ideas is planted in phrasings that share no content
word with the question ("{person} says she was charged twice in {month} and wants the second
payment back." for "where do we discuss billing disputes?") and near misses that share the
question's words and not its meaning ("Your billing address can be changed under settings.").
"""

from __future__ import annotations

from benchmarks.scale._idea_world import Idea, Phrasing, WorldSpec

# -- DESK: support tickets, release notes, incident reviews and service level agreements -------

T, RN, IR, SLA = "support_ticket", "release_notes", "incident_review", "service_level_agreement"
DESK_GENRES = (T, RN, IR, SLA)

DESK = WorldSpec(
    name="desk",
    genres=DESK_GENRES,
    genre_kind={T: "note", RN: "note", IR: "note", SLA: "contract"},
    ideas=(
        Idea("outages", "where do we discuss service outages?"),
        Idea("data_loss", "where do we discuss data loss?"),
        Idea("lockouts", "where do we discuss account lockouts?"),
        Idea("slowness", "where do we discuss slow performance?"),
        Idea("billing_disputes", "where do we discuss billing disputes?"),
        Idea("wishes", "where do we discuss feature requests?"),
    ),
    phrasings=(
        # outages
        Phrasing(
            "dashboard_unreachable",
            "outages",
            "Nobody could reach the dashboard for two hours on {weekday} morning.",
            (IR, T),
        ),
        Phrasing(
            "platform_went_down",
            "outages",
            "The whole platform went down when a storage node filled up.",
            (IR,),
        ),
        Phrasing(
            "error_page_afternoon",
            "outages",
            "Customers in {region} saw only an error page all afternoon.",
            (IR, T),
        ),
        Phrasing(
            "unreachable_credit",
            "outages",
            "If the platform is unreachable for more than four hours in a month, {party} shall "
            "credit a tenth of the monthly fee.",
            (SLA,),
        ),
        Phrasing(
            "site_down_busiest_hour",
            "outages",
            "We are sorry the site was down during your busiest hour.",
            (T,),
        ),
        Phrasing(
            "status_green_downtime",
            "outages",
            "The status page shows green again after last night's downtime.",
            (RN, T),
        ),
        # data_loss
        Phrasing(
            "notes_vanished_upgrade",
            "data_loss",
            "A customer's last three months of notes vanished after the upgrade.",
            (T, IR),
        ),
        Phrasing(
            "nightly_copy_except",
            "data_loss",
            "Restoring from the nightly copy brought back everything except {weekday}'s entries.",
            (IR, T),
        ),
        Phrasing(
            "sync_wiped_drafts",
            "data_loss",
            "The sync bug wiped several users' saved drafts.",
            (RN, IR),
        ),
        Phrasing(
            "copies_two_regions",
            "data_loss",
            "{party} shall keep copies of all customer records in two separate regions so that no "
            "single failure can erase them.",
            (SLA,),
        ),
        Phrasing(
            "deleted_workspace_gone",
            "data_loss",
            "Once a workspace is deleted there is no way for us to recover its files.",
            (T,),
        ),
        Phrasing(
            "migration_overwrote",
            "data_loss",
            "The migration script overwrote the contact lists of forty clients.",
            (IR,),
        ),
        # lockouts
        Phrasing(
            "cannot_sign_in_reset",
            "lockouts",
            "{person} cannot sign in after five wrong passwords and the reset email never arrives.",
            (T,),
        ),
        Phrasing(
            "two_step_barred",
            "lockouts",
            "Users who fail the two-step code three times are barred for an hour.",
            (RN, T),
        ),
        Phrasing(
            "shut_out_certificate",
            "lockouts",
            "Half the client's staff were shut out of the app when their single sign-on "
            "certificate expired.",
            (IR,),
        ),
        Phrasing(
            "restore_access_four_hours",
            "lockouts",
            "{party} shall restore a customer's access within four working hours of a verified "
            "call.",
            (SLA,),
        ),
        Phrasing(
            "reset_link_full_day",
            "lockouts",
            "The password reset link now stays valid for a full day.",
            (RN,),
        ),
        Phrasing(
            "sent_back_login_page",
            "lockouts",
            "If you keep being sent back to the login page, clear your cookies and try again.",
            (T,),
        ),
        # slowness
        Phrasing(
            "reports_take_minute",
            "slowness",
            "Reports that used to open in a second now take almost a minute.",
            (T, IR),
        ),
        Phrasing(
            "pages_lag_hundred",
            "slowness",
            "Pages lag badly whenever more than a hundred people are online at once.",
            (T,),
        ),
        Phrasing(
            "search_three_times_faster",
            "slowness",
            "This release makes search results appear three times faster.",
            (RN,),
        ),
        Phrasing(
            "page_loads_two_seconds",
            "slowness",
            "{party} shall answer ninety-five per cent of page loads within two seconds.",
            (SLA,),
        ),
        Phrasing(
            "export_spinning",
            "slowness",
            "The export kept spinning for twenty minutes before it finished.",
            (T,),
        ),
        Phrasing(
            "missing_index_crawl",
            "slowness",
            "A missing index made every dashboard query crawl on {weekday}.",
            (IR,),
        ),
        # billing_disputes
        Phrasing(
            "charged_twice",
            "billing_disputes",
            "{person} says she was charged twice in {month} and wants the second payment back.",
            (T,),
        ),
        Phrasing(
            "refuses_unused_seats",
            "billing_disputes",
            "The customer refuses to pay for seats they say they never used.",
            (T, IR),
        ),
        Phrasing(
            "chargeback_freezes",
            "billing_disputes",
            "A card payment challenged through the customer's bank freezes the subscription "
            "until it is settled.",
            (RN, T),
        ),
        Phrasing(
            "contest_invoice_line",
            "billing_disputes",
            "{party} may contest any invoice line in writing within thirty days, and that amount "
            "is held until both sides agree.",
            (SLA,),
        ),
        Phrasing(
            "refunded_wrong_plan",
            "billing_disputes",
            "We have refunded the difference after the wrong plan was charged for a year.",
            (T,),
        ),
        Phrasing(
            "renewal_cost_disagree",
            "billing_disputes",
            "Finance and the client still disagree about what the renewal should have cost.",
            (IR,),
        ),
        # wishes (feature requests)
        Phrasing(
            "calendar_outlook",
            "wishes",
            "Several customers have asked whether the calendar could sync with Outlook.",
            (T,),
        ),
        Phrasing(
            "most_wanted_dark_mode",
            "wishes",
            "The most wanted addition this quarter is a dark mode.",
            (RN, T),
        ),
        Phrasing(
            "export_to_spreadsheet",
            "wishes",
            "{person} would like to be able to export reports to a spreadsheet.",
            (T,),
        ),
        Phrasing(
            "forum_ideas_roadmap",
            "wishes",
            "Ideas from the user forum are voted on, and the top three go on the roadmap.",
            (RN,),
        ),
        Phrasing(
            "propose_new_functions",
            "wishes",
            "The customer may propose new functions, which {party} builds at its own discretion.",
            (SLA,),
        ),
        Phrasing(
            "bulk_editing_ships",
            "wishes",
            "Bulk editing was what people asked for most, so it ships in this release.",
            (RN,),
        ),
    ),
    near_misses=(
        Phrasing(
            "desk_moves_floor",
            "outages",
            "The service desk moves to the second floor on {weekday}.",
            (IR, T),
        ),
        Phrasing(
            "rate_our_service",
            "outages",
            "Please rate our service in the short survey after each reply.",
            (T,),
        ),
        Phrasing(
            "protection_training",
            "data_loss",
            "Data protection training for new staff is on {weekday}.",
            (IR, RN),
        ),
        Phrasing(
            "weight_loss_challenge",
            "data_loss",
            "The team's weight loss challenge ends in {month}.",
            (IR,),
        ),
        Phrasing(
            "account_managers_quarter",
            "lockouts",
            "Account managers meet their clients every quarter.",
            (IR, T),
        ),
        Phrasing(
            "reviews_due",
            "slowness",
            "Performance reviews for the support team are due in {month}.",
            (IR,),
        ),
        Phrasing(
            "slow_cooker",
            "slowness",
            "The slow cooker in the kitchen has been replaced.",
            (IR, T),
        ),
        Phrasing(
            "billing_address_settings",
            "billing_disputes",
            "Your billing address can be changed under settings.",
            (T, RN),
        ),
        Phrasing(
            "parking_dispute",
            "billing_disputes",
            "The dispute over the parking spaces was settled by the office manager.",
            (IR,),
        ),
        Phrasing(
            "newsletter_features",
            "wishes",
            "This month's newsletter features an interview with {person}.",
            (RN, IR),
        ),
        Phrasing(
            "leave_requests",
            "wishes",
            "Requests for annual leave go to your team lead.",
            (IR, T),
        ),
    ),
    fillers={
        T: (
            "Hello {person},",
            "Thanks for getting in touch.",
            "I have passed this on to {person2} in the second line team.",
            "Kind regards, the support team.",
            "Reply to this message if anything is still unclear.",
        ),
        RN: (
            "Version {version} is rolling out this week.",
            "The mobile apps follow in a few days.",
            "Thanks to everyone who tried the beta.",
            "The full list of changes is on the help centre.",
        ),
        IR: (
            "This review was written by {person}.",
            "It follows the blameless format.",
            "Times are given in UTC.",
            "Actions are tracked on the team board.",
        ),
        SLA: (
            "This agreement is governed by the laws of {country}.",
            "{party} is a company registered in {country}.",
            "Headings are for convenience only.",
            "Notices are sent to the addresses given above.",
            "The plans are listed in the first schedule.",
        ),
    },
    titles={
        T: "Ticket {ticket}: {subject}",
        RN: "Release notes, version {version}",
        IR: "Incident review: {weekday} {subject}",
        SLA: "{party} Service Level Agreement",
    },
    clause_headings={
        "outages": "Availability",
        "data_loss": "Backups",
        "lockouts": "Access",
        "slowness": "Response times",
        "billing_disputes": "Invoices",
        "wishes": "Roadmap",
    },
    slots={
        "party": ("Northwind Cloud", "Tallis Software", "Quayside Apps", "Brightdesk"),
        "person": ("Amara", "Bruno", "Céline", "Dev", "Elif", "Folasade"),
        "weekday": ("Monday", "Tuesday", "Thursday"),
        "month": ("February", "May", "September"),
        "region": ("Europe", "Australia", "Canada"),
        "country": ("Ireland", "the Netherlands", "Delaware"),
        "version": ("4.2", "4.3", "5.0"),
        "ticket": ("48213", "48377", "49102", "50016"),
        "subject": ("the Acme workspace", "the mobile app", "the reports page", "the calendar"),
    },
    contract_genre=SLA,
)
