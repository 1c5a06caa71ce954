"""The shipped function axis: the job functions people work in.

Aliases are the words people write for the function itself ("R&D", "HR", "brand management"),
never a word that could mean two functions ("commercial" is Sales or Marketing, "PM" is
product or project management, "CS" customer service or computer science) nor a job title.
Broader terms only where one function is plainly part of another: Business Development is
Sales; Procurement, Supply Chain and Manufacturing are Operations.
"""

from __future__ import annotations

from typing import NamedTuple

from limma.vocabulary.term import Term

FUNCTION = "function"


class Function(NamedTuple):
    name: str
    broader: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()


FUNCTIONS: tuple[Function, ...] = (
    Function(
        "Marketing",
        aliases=(
            "brand management",
            "brand marketing",
            "product marketing",
            "digital marketing",
            "trade marketing",
            "marketing communications",
            "marcom",
            "market research",
        ),
    ),
    Function(
        "Sales",
        aliases=("account management", "key account management", "sales management"),
    ),
    Function("General Management", aliases=("executive management",)),
    Function(
        "Finance",
        aliases=(
            "accounting",
            "controlling",
            "treasury",
            "corporate finance",
            "financial management",
            "finance and accounting",
            "finance & accounting",
            "FP&A",
            "financial planning and analysis",
        ),
    ),
    Function("Operations", aliases=("ops", "business operations")),
    Function("Engineering", aliases=("software engineering", "software development")),
    Function(
        "Research and Development",
        aliases=(
            "R&D",
            "research & development",
            "research",
            "clinical development",
            "clinical research",
        ),
    ),
    Function("Product Management"),
    Function(
        "Human Resources",
        aliases=(
            "HR",
            "human resource management",
            "HRM",
            "people operations",
            "people ops",
            "people and culture",
            "people & culture",
            "personnel",
            "human capital",
            "talent acquisition",
            "recruiting",
            "recruitment",
        ),
    ),
    Function(
        "Legal",
        aliases=("legal affairs", "legal and compliance", "legal & compliance", "compliance"),
    ),
    Function(
        "Procurement",
        ("Operations",),
        ("purchasing", "sourcing", "strategic sourcing"),
    ),
    Function(
        "Supply Chain",
        ("Operations",),
        ("supply chain management", "SCM", "logistics", "demand planning"),
    ),
    Function(
        "Information Technology",
        aliases=("IT", "ICT", "information systems", "information services"),
    ),
    Function(
        "Customer Service",
        aliases=("customer support", "customer care", "customer success", "client services"),
    ),
    Function("Consulting", aliases=("consultancy", "advisory", "management consulting")),
    Function(
        "Business Development",
        ("Sales",),
        ("BD", "biz dev", "bizdev", "partnerships", "new business development"),
    ),
    Function("Regulatory Affairs", aliases=("regulatory",)),
    Function("Medical Affairs", aliases=("med affairs",)),
    Function(
        "Quality",
        aliases=(
            "quality assurance",
            "QA",
            "quality control",
            "QC",
            "QA/QC",
            "quality management",
        ),
    ),
    Function("Manufacturing", ("Operations",), ("manufacturing operations",)),
    Function(
        "Communications",
        aliases=(
            "corporate communications",
            "internal communications",
            "comms",
            "public relations",
            "PR",
        ),
    ),
    Function(
        "Strategy",
        aliases=("corporate strategy", "business strategy", "strategic planning"),
    ),
    Function(
        "Data and Analytics",
        aliases=(
            "data & analytics",
            "analytics",
            "data analytics",
            "data science",
            "business intelligence",
            "BI",
        ),
    ),
)


def function_terms() -> tuple[Term, ...]:
    return tuple(
        Term(FUNCTION, function.name, function.broader, function.aliases) for function in FUNCTIONS
    )
