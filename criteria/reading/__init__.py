"""What one document states for a criterion's facets: the claim on its judgment, the
reading model's reply placed in the text by exact quotes, experience by experience."""
