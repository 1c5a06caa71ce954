"""Who the directory's people are called, and where they work: pools of names by naming region.

Every pool is small and invented-looking on purpose (no real person is meant). A region's pool
holds female and male given names and family names as people of that region write them, with
their accents, particles and hyphens ("Anne-Marie", "van den Berg", "O'Brien"), so the reader
meets the names it must fold and compare.
"""

from __future__ import annotations

from typing import NamedTuple


class Pool(NamedTuple):
    female: tuple[str, ...]
    male: tuple[str, ...]
    family: tuple[str, ...]


def _words(text: str) -> tuple[str, ...]:
    return tuple(word.replace("_", " ") for word in text.split())


# fmt: off
POOLS: dict[str, Pool] = {
    "french": Pool(
        _words("Amélie Claire Camille Margaux Élodie Anne-Marie Sophie Juliette Océane Inès Manon"),
        _words("Thibault Julien Mathieu Étienne Rémi Bastien Olivier Jean-Luc Gaëtan Lucas"),
        _words("Delacroix Rousseau Marchand Lefèvre Girard Fontaine Moreau Duval Chevalier "
               "Lambert Bonnet Faure Mercier Leclerc Garnier Aubert"),
    ),
    "german": Pool(
        _words("Friederike Annika Katrin Sabine Ulrike Lena Greta Henrike Miriam Jana Wiebke"),
        _words("Matthias Jörg Florian Tobias Bastian Henrik Lukas Moritz Jürgen Stefan Kai"),
        _words("Hollerer Brunner Zimmermann Keller Vogt Hartmann Schäfer Lindner Krüger "
               "Baumann Fischer Weißmann Roth Huber Graf Seidl Bachmann Steiner Gruber "
               "Moser Egger Pichler Wagner Hofmann Schuster Lehmann Kaiser Fuchs Vogel "
               "Meier Frei Zürcher"),
    ),
    "italian": Pool(
        _words("Chiara Giulia Francesca Alessandra Martina Silvia Federica Ilaria"),
        _words("Silvio Matteo Lorenzo Davide Alessandro Riccardo Emanuele Giorgio"),
        _words("Calderoni Bianchi Esposito Colombo Ferrara Marchetti Galli Santoro De_Luca"),
    ),
    "spanish": Pool(
        _words("Lucía Carmen Inés Marta Pilar Nuria Elena Rocío"),
        _words("Dario Javier Álvaro Sergio Iñigo Pablo Andrés Rubén"),
        _words("Benavente Ibáñez García Navarro Romero Castellano Quintero Ortega Delgado"),
    ),
    "portuguese": Pool(
        _words("Beatriz Mariana Joana Leonor Inês Carolina"),
        _words("João Tiago Rui Gonçalo Duarte Miguel"),
        _words("Santos Ferreira Carvalho Magalhães Pereira Sousa"),
    ),
    "dutch": Pool(
        _words("Cornelia Anneke Femke Sanne Marloes Lotte Ineke Maaike"),
        _words("Kasper Pieter Joost Sander Maarten Bram Wouter Daan"),
        _words("Vandenberg Vantongeren van_den_Berg de_Vries Janssen Achterberg Visser Bakker "
               "Mertens Peeters"),
    ),
    "nordic": Pool(
        _words("Ingrid Hallgerd Gunnhild Solveig Torunn Ragnhild Oddrun Maren Sigrid Astrid"),
        _words("Søren Magnus Eirik Anders Henrik Lars Jonas Mikael Oskar Nils"),
        _words("Ødegård Haugland Rosvoll Skarstein Bergström Lindqvist Dahlgren Eriksen "
               "Holmberg Sandvik Aaberg Nyström"),
    ),
    "polish": Pool(
        _words("Agnieszka Katarzyna Magdalena Zofia Joanna"),
        _words("Nikolai Tomasz Paweł Krzysztof Marek"),
        _words("Wierzbicki Kowalczyk Nowak Zieliński Wójcik"),
    ),
    "central_european": Pool(
        _words("Tereza Kateřina Zsófia Ioana Eszter Andreea"),
        _words("Ondřej Tamás Radu Jakub Bence Mihai"),
        _words("Novák Horváth Popescu Dvořák Kovács Ionescu"),
    ),
    "greek": Pool(
        _words("Eleni Katerina Dimitra Sofia"),
        _words("Nikos Giorgos Yannis Kostas"),
        _words("Papadopoulos Georgiou Alexiou Nikolaidis"),
    ),
    "anglo": Pool(
        _words("Siobhan Hannah Emily Rachel Tamsin Olivia Grace Megan Laura Fiona Abigail "
               "Bethany Caitlin Danielle Eleanor Georgina Harriet Imogen Jessica Kirsten "
               "Lucy Naomi Philippa Rebecca Sadie Victoria"),
        _words("Oscar Thomas James Callum William Daniel Rhys Patrick Samuel Liam Adrian "
               "Benjamin Connor Declan Edward Frederick Gareth Hugo Isaac Joshua Kieran "
               "Leonard Nathan Owen Philip Robert"),
        _words("O'Brien Whitfield Gallagher Brennan Harper Pemberton Ashworth Fletcher "
               "McAllister Thornton Kingsley Doyle Hollis Merriweather Calloway Dunbar "
               "Fairbanks Garrison Holloway Iverson Jennings Kendrick Lockhart Mayfield "
               "Norwood Prescott Quigley Radcliffe Sheridan Tolliver Underwood Vance "
               "Wakefield Yardley Ainsworth Blackwood Carrington Donnelly Ellery Farrow "
               "Gilmore Hargreaves Kavanagh Lowell Montague Osgood Pennington Rutherford "
               "Stanton Thackeray Whitlock Brantley Colby Delaney Easton Forsythe"),
    ),
    "latin_american": Pool(
        _words("Valentina Camila Gabriela Fernanda Isabela Daniela Luciana Mariana Paula "
               "Renata Ximena"),
        _words("Mateo Santiago Rafael Gustavo Felipe Eduardo Diego Joaquín Leonardo Marcelo "
               "Rodrigo"),
        _words("Uribe Vasquez Oliveira Restrepo Cárdenas Almeida Barbosa Rodrigues Souza "
               "Gutiérrez Morales Herrera Castillo Mendoza Rojas Silva Costa Ribeiro "
               "Figueroa Salazar Cabrera Fuentes Aguilar Pacheco Villalobos"),
    ),
    "indian": Pool(
        _words("Priya Ananya Kavya Meera Divya Shreya Aishwarya Deepa Lakshmi Neha Pooja "
               "Radhika Sunita Tanvi"),
        _words("Arjun Rohan Vikram Aditya Karthik Rahul Anil Deepak Gaurav Manish Nikhil "
               "Pranav Sanjay Varun"),
        _words("Sharma Iyer Reddy Nair Mehta Banerjee Kulkarni Patel Gupta Rao Menon "
               "Chatterjee Desai Joshi Pillai Bhat Kapoor Malhotra Srinivasan Verma "
               "Agarwal Mukherjee Naidu Shetty Trivedi Saxena Bose Ghosh"),
    ),
    "east_asian": Pool(
        _words("Hana Yuki Mei Ji-woo Aiko Xiaoling Seo-yeon Lan Yan Fang Jing Haruka Sakura "
               "Min-ji Eun-ji Naoko Qing Rui"),
        _words("Wen Haruto Min-jun Kenji Jun Hiroshi Wei Hao Lei Jian Tao Yuto Takeshi "
               "Daisuke Seung-ho Ji-hoon Bo Feng"),
        _words("Nakamura Takahashi Chen Wang Kim Park Liu Tanaka Zhang Li Zhao Huang Wu "
               "Zhou Xu Sun Ma Zhu Lin Guo He Gao Luo Yamamoto Watanabe Ito Kobayashi "
               "Saito Matsumoto Inoue Kimura Hayashi Shimizu Lee Choi Jung Kang Yoon"),
    ),
    "southeast_asian": Pool(
        _words("Linh Siti Nurul Mai Thu Ayu"),
        _words("Minh Budi Arif Quang Rizal Anh"),
        _words("Nguyen Tran Santoso Wijaya Pham Rahman Tan Le Hoang Vu Kusuma Hidayat "
               "Reyes Cruz Bautista Lim Ong Chua Abdullah Ismail"),
    ),
    "middle_eastern": Pool(
        _words("Layla Amira Noor Yasmin Elif Zeynep"),
        _words("Yusuf Farid Omar Karim Emre Lior"),
        _words("Haddad Al-Mansouri Yilmaz Demir Khalil Benami Aksoy Kaya Nasser Farouk "
               "Mizrahi Shapiro Al-Amiri Öztürk Saleh Hamdan"),
    ),
    "african": Pool(
        _words("Amara Ngozi Adaeze Wanjiru Thandiwe Zola"),
        _words("Chinedu Kwame Tendai Olumide Kofi Sipho"),
        _words("Okonkwo Oyelaran Mensah Otieno Dlamini Adeyemi Nwosu Achieng Boateng Mutua "
               "Ndlovu Okafor Asante Kamau Mokoena Eze"),
    ),
}
# fmt: on

# Names that stand in a document as somebody else: a reference's author, a predecessor.
WRITERS: Pool = Pool(
    _words("Brunhild Delphine Filippa Rosalind Ottilie Henrietta"),
    _words("Aurelio Casimir Evander Gideon Leopold Benedikt"),
    _words("Marchetti-Vale Oakhurst Quarrington Rudbeckia Halvorsen Ravenscroft"),
)

# Employers by trade. The niches' own trades first; the rest is the directory's background.
INFANT_NUTRITION = (
    "Nutrelle SA", "Lactavia GmbH", "Brightwell Nutrition", "Halden Nutrition AS",
    "Verdane Nutrition", "Aptalis Infant Care", "Quellmark Foods",
)  # fmt: skip
MEDTECH = (
    "Medivant GmbH", "Sutura Medical AG", "Helvetia Surgical", "Alpenmed Devices",
    "Corvex Surgical", "Lindmark Medical", "Trelleborg Surgical AB",
)  # fmt: skip
PACKAGING = ("Packwell AG", "Kartona Packaging", "Sealix Films")
BACKGROUND = (
    "Castellan Retail", "Dunmore Energy", "Eskerud Telecom", "Fairholt Insurance",
    "Gryphon Media", "Isarwerk Chemie", "Juniper Mobility", "Kestrel Software",
    "Lindqvist Paper", "Maribel Textiles", "Nordlicht Solar", "Alvero Logistics",
    "Brightwater Bank", "Orrin Analytics", "Pellucid Cosmetics", "Ravenna Hotels",
    "Solent Shipping", "Tessaro Motors", "Umbra Games", "Vellum Publishing",
    "Wexford Pharma", "Yarrow Foods", "Zephyr Airlines", "Corbel Consulting",
)  # fmt: skip
SCHOOLS = (
    "INSEAD", "HEC Paris", "the University of St. Gallen", "Bocconi", "IESE",
    "the London School of Economics", "ESADE", "the Stockholm School of Economics",
    "the University of Mannheim", "Erasmus University",
)  # fmt: skip
