
BCJsÌÂ?vC„ÃDY<uÄ