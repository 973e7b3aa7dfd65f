
BCJsÌ¹ÊÂEåBxÁC¾MÂ