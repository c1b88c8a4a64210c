"""Every text a respondent can see, by name: its English default, where it is shown, and
which surveys need it (:mod:`rrdesk.core.wording` resolves them per language).

A name is the key a survey's ``[wording.LANG]`` table and a translator's template use; the
English is the source. ``{name}`` placeholders are filled by the app (a number, an answer's
label, a question's text) and every translation keeps exactly the English one's. A text
with plural forms (``PLURAL``) takes one string per plural category of its language
(``one``, ``other``, …: the CLDR categories), chosen by the number in ``{seconds}``.
``NEEDS`` says which surveys show a text: ``""`` every survey; a design (``forced``,
``warner``, ``unrelated``, ``kary``) when a randomized question uses it; ``yesno`` when a
randomized question is answered YES or NO; ``assisted`` when a question is answered in
assisted mode; ``opposite`` when a wheel (other than a statement/opposite one) says "answer the
opposite"; ``consent`` when the survey has a ``[consent]`` table; ``audio`` when a question has a
sound; several words: only when all hold.
"""
from __future__ import annotations

# (name, needs, where it is shown, English)
_TEXTS: tuple[tuple[str, str, str, str], ...] = (
    # -- choosing a language, the explanation ------------------------------------------------
    ("respondent_start", "", "Button the respondent taps on the interviewer's hand-over screen (a survey in "
     "one language; with several, the language screen comes next)", "I am the respondent: start"),
    ("choose_language", "", "Title of the first screen, above one button per language",
     "Choose your language"),
    ("how_it_works", "", "Title of the explanation screen", "How this works"),
    ("wheel_decides", "", "Explanation, first line", "The wheel decides what you answer."),
    ("yes_not_admission", "", "Explanation, second line",
     "A YES the wheel asked for is not an admission."),
    ("only_after_spin", "", "Explanation, third line", "Only the answer after the spin is saved, locked."),
    ("true_answer_not_saved", "assisted", "Explanation, a line shown when some questions ask for the "
     "true answer first", "Sometimes you first tap your true answer. It is never saved."),
    ("explain_forced", "forced", "Explanation beside the picture of a YES/NO wheel",
     "Do what the wheel says. If it says YES or NO, give that answer, whatever is true."),
    ("explain_kary", "kary", "Explanation beside the picture of a wheel with several answers",
     "Do what the wheel says. If it names an answer, give that answer, whatever is true."),
    ("explain_warner", "warner", "Explanation beside the picture of a statement/opposite wheel",
     "The wheel picks the sentence you answer: the statement or its opposite. Nobody else knows which one."),
    ("explain_unrelated", "unrelated", "Explanation beside the picture of a two-question wheel",
     "The wheel picks the question you answer: the real one or another one. Nobody else knows which one."),
    ("wheel_picture", "", "Spoken name of a picture of the wheel (screen readers)", "Picture of the wheel"),
    ("try_practice", "", "Button at the end of the explanation", "Try the wheel (practice)"),
    # -- practice ----------------------------------------------------------------------------
    ("practice", "", "Large banner on the practice screen and under the practice wheel", "PRACTICE"),
    ("practice_nothing_saved", "", "Practice screen, under the banner",
     "Nothing is saved. Spin as often as you like."),
    ("practice_how", "", "Practice screen: how to use the wheel",
     "Tap Spin and watch where the wheel stops. The words under the arrow tell you what to do."),
    ("practice_still", "", "Practice screen when the wheel does not move (reduced motion); "
     "{seconds} is a number of seconds",
     "Tap Spin. The wheel will not move; its result appears after {seconds} seconds."),
    ("keys_hint", "", "Practice screen, a small hint for a respondent with a keyboard (the keys work on every "
     "question: Space spins; an answer's first letter, as on its button, or its number picks it)",
     "With a keyboard: Space spins the wheel; an answer's first letter or its number picks it."),
    ("practice_progress", "", "Practice screen: which wheel, e.g. 1 of 3",
     "Practice wheel {number} of {total}"),
    ("practice_tally", "", "Spoken name of the count of practice spins (screen readers)",
     "Practice spins so far"),
    ("tally_item", "", "One count under the practice wheel: a sector's words and how often it came up",
     "{what}: {count}"),
    ("practice_says", "", "Practice screen, after a spin; {what} is the words of the sector",
     "The spinner says: {what}"),
    ("spin_again", "", "Practice button after a first spin", "Spin again"),
    ("next_wheel", "", "Practice button: go to the next practice wheel", "Next wheel"),
    ("ready", "", "Practice button: end the practice", "I am ready"),
    # -- before the questions ------------------------------------------------------------------
    ("interviewer_steps_away", "", "Screen before the first question, title",
     "The interviewer steps away now."),
    ("nobody_sees", "", "Screen before the first question", "Nobody can see your answers on this screen."),
    ("alone_continue", "", "Button on the screen before the first question", "I am alone, continue"),
    # -- a question ---------------------------------------------------------------------------
    ("question_progress", "", "Top of each question, e.g. 2 of 5", "Question {number} of {total}"),
    ("call_interviewer", "", "Button at the top of each question", "Call the interviewer"),
    ("listen", "audio", "Spoken name of the speaker button beside a question's text, which plays the "
     "question read aloud (screen readers; the button shows a speaker only)", "Listen"),
    ("spin", "", "Button under the wheel that starts it", "Spin"),
    ("wheel_name", "", "Spoken name of the wheel (screen readers)", "Spinner wheel"),
    ("wheel_help", "", "Spoken help for the wheel (screen readers)", "Tap the wheel, or press Space, to spin it"),
    ("spinner_result", "", "Spoken name of the spinner's result (screen readers)", "Spinner result"),
    ("saved_answer", "assisted", "Spoken name of the saved-answer line (screen readers)", "Saved answer"),
    ("first_spin", "", "Hint at the start of a question answered after the spin",
     "Tap Spin. Then do what the spinner says."),
    ("truth_first", "assisted", "Hint at the start of a question answered before the spin",
     "First tap your true answer. It is not saved: the spinner decides what is saved."),
    ("truth_first_statement", "assisted warner", "Hint at the start of a statement/opposite question "
     "answered before the spin",
     "First tap your true answer to the first statement. It is not saved: the spinner decides what is saved."),
    ("label_statement", "warner", "Label above the statement", "Statement:"),
    ("label_opposite_statement", "warner", "Label above the opposite statement", "Opposite statement:"),
    ("label_first_question", "unrelated", "Label above the real question", "First question:"),
    ("label_other_question", "unrelated", "Label above the other question", "Other question:"),
    ("now_spin", "assisted", "Hint after the true answer was tapped", "Now tap Spin."),
    ("turning", "", "Hint while the wheel turns", "The spinner is turning…"),
    ("still_turning", "", "Hint when the wheel does not move (reduced motion); {seconds} is a number "
     "of seconds", "The spinner does not move (reduced motion); its result appears in {seconds} seconds."),
    ("spinner_chose", "assisted", "Label above the sector the wheel stopped on", "The spinner chose:"),
    ("spinner_says", "", "Label above what the respondent must now do", "The spinner says:"),
    ("saving", "assisted", "While the answer is being saved", "Saving…"),
    ("saved_mixed", "assisted", "After the answer was saved",
     "Your answer is saved. It is mixed with the spinner's choice, so nobody can tell what you answered."),
    ("decline", "", "Button: skip the question", "I prefer not to answer"),
    ("next", "", "Button: go to the next question", "Next"),
    ("stop_interview", "", "Button for the interviewer, shown after a failure",
     "Stop the interview (interviewer)"),
    ("error_not_saved", "", "Error: the answer could not be written",
     "The answer could not be saved. Please call the interviewer."),
    ("error_spinner", "", "Error: the spinner's result could not be drawn or kept",
     "The spinner could not be used. Please call the interviewer."),
    ("skip_question", "", "Confirmation after \"I prefer not to answer\"", "Skip this question?"),
    ("skip_yes", "", "Button of that confirmation: skip", "Yes, skip it"),
    ("go_back", "", "Button of that confirmation: do not skip", "Go back"),
    ("interviewer_coming", "", "Screen that hides the question after \"Call the interviewer\", title",
     "The interviewer is coming."),
    ("question_hidden", "", "Screen that hides the question", "The question is hidden until you go back to it."),
    ("back_to_question", "", "Button on the screen that hides the question", "Back to the question"),
    # -- leaving (the window's close button or Ctrl+Q over a respondent's screen) -----------------
    ("leave_title", "", "Confirmation when the window is closed during the respondent's part",
     "Leave the interview?"),
    ("leave_detail", "", "That confirmation's explanation",
     "The answers saved so far are kept; the interviewer can continue the interview later."),
    ("leave_yes", "", "Button of that confirmation: leave", "Leave"),
    ("leave_no", "", "Button of that confirmation: stay (the default)", "Stay"),
    # -- the wheel's words and what they ask --------------------------------------------------------
    ("yes", "yesno", "Answer button and word on the wheel", "YES"),
    ("no", "yesno", "Answer button and word on the wheel", "NO"),
    ("sector_truth", "", "Words on a wheel sector", "Answer truthfully"),
    ("sector_opposite", "opposite", "Words on a wheel sector (opposite of the true answer)", "Answer the opposite"),
    ("sector_say_yes", "forced", "Words on a wheel sector", "Say YES"),
    ("sector_say_no", "forced", "Words on a wheel sector", "Say NO"),
    ("sector_say_choice", "kary", "Words on a wheel sector; {answer} is one of the answers",
     "Say “{answer}”"),
    ("sector_statement", "warner", "Words on a wheel sector", "Answer the statement"),
    ("sector_opposite_statement", "warner", "Words on a wheel sector", "Answer the opposite statement"),
    ("sector_first_question", "unrelated", "Words on a wheel sector", "Answer the first question"),
    ("sector_other_question", "unrelated", "Words on a wheel sector", "Answer the other question"),
    ("do_truth", "", "After the spin: what to do", "Answer the question truthfully."),
    ("do_opposite", "opposite", "After the spin: what to do", "Give the opposite of your true answer."),
    ("do_statement", "warner", "After the spin; {text} is the statement (a new line before it)",
     "Answer this statement truthfully:\n“{text}”"),
    ("do_opposite_statement", "warner", "After the spin; {text} is the opposite statement",
     "Answer this opposite statement truthfully:\n“{text}”"),
    ("do_first_question", "unrelated", "After the spin, on a two-question wheel; {text} is the first (real) "
     "question, quoted: which of the two is meant (kept short: the question is long)",
     "Answer truthfully:\n“{text}”"),
    ("do_other_question", "unrelated", "After the spin; {text} is the other question",
     "Answer the other question truthfully:\n“{text}”"),
    ("do_tap_yes", "forced", "After the spin: what to do", "Tap YES, whatever your true answer is."),
    ("do_tap_no", "forced", "After the spin: what to do", "Tap NO, whatever your true answer is."),
    ("do_tap_choice", "kary", "After the spin; {answer} is one of the answers",
     "Tap “{answer}”, whatever your true answer is."),
    ("says_nothing_yes", "forced", "Under a forced YES", "This YES says nothing about you: the spinner chose it."),
    ("says_nothing_no", "forced", "Under a forced NO", "This NO says nothing about you: the spinner chose it."),
    ("says_nothing_choice", "kary", "Under a forced answer",
     "This answer says nothing about you: the spinner chose it."),
    # -- consent (a survey with [consent]) ------------------------------------------------------------
    ("consent_title", "consent", "Title of the consent screen, above the survey's own consent text "
     "(shown before the explanation)", "Before we start"),
    ("consent_yes", "consent", "Big button on the consent screen", "Yes, I agree to take part"),
    ("consent_no", "consent", "Big button on the consent screen", "No, I do not want to take part"),
    ("refused_thanks", "consent", "Screen after the respondent tapped No on the consent screen",
     "Thank you. Nothing about you was saved. Please hand the laptop back to the interviewer."),
    # -- the end ------------------------------------------------------------------------------------
    ("thanks", "", "Last screen, title", "Thank you!"),
    ("thanks_hand_back", "", "Last screen",
     "Your answers are saved. Please hand the laptop back to the interviewer."),
    ("done_interviewer", "", "Button on the last screen, for the interviewer", "Done (interviewer)"),
    ("demo_banner", "", "Warning along the top while the demo survey is open",
     "DEMO — readable with the public demo key. Never use it for real answers."),
)

#: Texts with plural forms: their English forms by CLDR category.
PLURAL: dict[str, dict[str, str]] = {
    "practice_still": {
        "one": "Tap Spin. The wheel will not move; its result appears after {seconds} second.",
        "other": "Tap Spin. The wheel will not move; its result appears after {seconds} seconds."},
    "still_turning": {
        "one": "The spinner does not move (reduced motion); its result appears in {seconds} second.",
        "other": "The spinner does not move (reduced motion); its result appears in {seconds} seconds."},
}

NAMES: tuple[str, ...] = tuple(name for name, *_ in _TEXTS)
ENGLISH: dict[str, str] = {name: english for name, _, _, english in _TEXTS}
WHERE: dict[str, str] = {name: where for name, _, where, _ in _TEXTS}
NEEDS: dict[str, frozenset[str]] = {name: frozenset(needs.split()) for name, needs, _, _ in _TEXTS}

#: The texts a survey may voice (``[wording_audio.LANG]``, docs/survey-format.md): each is shown
#: on a respondent's screen with a speaker beside it when the survey gives its sound. A text with
#: a placeholder is not among them (its words change with the question or the answer: a question's
#: and an answer's own sounds voice those), nor the names only a screen reader says, nor the
#: interviewer's buttons.
VOICED: frozenset[str] = frozenset((
    # the explanation, the practice and the screen before the first question
    "how_it_works", "wheel_decides", "yes_not_admission", "only_after_spin", "true_answer_not_saved",
    "explain_forced", "explain_kary", "explain_warner", "explain_unrelated",
    "practice_nothing_saved", "practice_how", "interviewer_steps_away", "nobody_sees",
    # a question: the hint, what the wheel chose or asks, the reminder, the answers YES and NO
    "first_spin", "truth_first", "truth_first_statement", "now_spin", "turning", "spinner_chose", "spinner_says",
    "sector_truth", "sector_opposite", "sector_say_yes", "sector_say_no", "sector_statement",
    "sector_opposite_statement", "sector_first_question", "sector_other_question",
    "do_truth", "do_opposite", "do_tap_yes", "do_tap_no",
    "says_nothing_yes", "says_nothing_no", "says_nothing_choice", "saved_mixed", "yes", "no",
    "skip_question", "interviewer_coming", "question_hidden", "error_not_saved", "error_spinner",
    # consent, and the last screens
    "consent_title", "consent_yes", "consent_no", "refused_thanks", "thanks", "thanks_hand_back",
))
